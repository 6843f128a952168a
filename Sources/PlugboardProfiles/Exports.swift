// A program that applies profiles declares them on its containers and reads their diagnostics, options and
// catalogs: importing PlugboardProfiles brings the container API and the format's public API along, so that
// `import PlugboardProfiles` alone compiles the documentation's examples.
@_exported import Plugboard
@_exported import PlugboardProfileFormat

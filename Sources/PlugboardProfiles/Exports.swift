// A program that applies profiles also reads their diagnostics, options and catalogs: importing
// PlugboardProfiles brings the format's public API along, as before the format became a module of its own.
@_exported import PlugboardProfileFormat

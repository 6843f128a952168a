@_exported import PlugboardProfiles

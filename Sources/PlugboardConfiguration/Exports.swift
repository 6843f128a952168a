// A program that reads its profile settings from a ConfigReader also launches its profiles: importing
// PlugboardConfiguration brings PlugboardProfiles (and with it the container API) along.
@_exported import PlugboardProfiles

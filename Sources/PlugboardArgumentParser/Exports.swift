// A program that parses its launch options with swift-argument-parser also launches its profiles: importing
// PlugboardArgumentParser brings PlugboardProfiles (and with it the container API) along.
@_exported import PlugboardProfiles

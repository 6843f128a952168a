// The profile trait's tests name profiles and containers: importing PlugboardProfilesTesting brings the
// profiles, the container API and the container trait along.
@_exported import PlugboardProfiles
@_exported import PlugboardTesting

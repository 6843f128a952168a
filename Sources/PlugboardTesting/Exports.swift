// Tests that use the traits register on containers: importing PlugboardTesting brings the container API along.
@_exported import Plugboard

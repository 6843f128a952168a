import Testing
import Plugboard

import XCTest
import Plugboard

import XCTest
@testable import Viewer

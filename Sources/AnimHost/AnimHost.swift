import Dynamics
import LuaKit

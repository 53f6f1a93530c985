import Dynamics
@testable import Animations

/// The message of the `AnimationError` a call throws, "no error" when it succeeds, or a note
/// when it throws something else.
func errorMessage<T>(_ body: () throws -> T) -> String {
    do {
        _ = try body()
        return "no error"
    } catch let error as AnimationError {
        return error.description
    } catch {
        return "unexpected error type: \(error)"
    }
}

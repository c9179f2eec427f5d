// Documented misuses of the API (a nested `write`, a duplicate migration
// identifier...) stop the program, as in GRDB. They stop it with
// `fatalError`, never with `precondition`: an optimized build (`-O`)
// drops the message of `precondition` and `preconditionFailure`, and
// would crash without saying what went wrong. `fatalError` prints its
// message, file and line in every build.

/// Stops the program because the API was misused in a way that the
/// documentation describes as a programmer error, printing `message`
/// and the location in release builds too.
///
/// - Parameters:
///   - message: What went wrong, and what to do instead.
///   - file: The file of the misuse check.
///   - line: The line of the misuse check.
func fatalProgrammerError(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError(message(), file: file, line: line)
}

/// Stops the program, printing `message` in release builds too, when a
/// documented requirement of the API does not hold.
///
/// Use it instead of `precondition` for documented misuse: its message
/// survives `-O`.
///
/// - Parameters:
///   - condition: The requirement.
///   - message: What went wrong, and what to do instead.
///   - file: The file of the check.
///   - line: The line of the check.
@inline(__always)
func checkProgrammerError(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line)
{
    if !condition() {
        fatalProgrammerError(message(), file: file, line: line)
    }
}

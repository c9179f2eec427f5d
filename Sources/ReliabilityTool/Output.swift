import Foundation

/// Writes a line to the standard output at once, without buffering: the
/// crash test sees every commit the writer printed before it was killed,
/// and a CI log shows each run as it ends.
func printLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

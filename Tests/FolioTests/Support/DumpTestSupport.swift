import Foundation
import XCTest

/// A text output stream that keeps what dumps write.
final class DumpOutput: TextOutputStream {
    var text = ""

    func write(_ string: String) {
        text += string
    }
}

extension FolioTestCase {
    /// Returns what `body` writes to the standard output (file descriptor
    /// 1), which is redirected to a pipe meanwhile. The output must fit in
    /// the pipe buffer (64 KB).
    func captureStandardOutput(_ body: () throws -> Void) throws -> String {
        fflush(nil)
        let pipe = Pipe()
        let savedOutput = dup(STDOUT_FILENO)
        XCTAssertGreaterThanOrEqual(savedOutput, 0)
        dup2(pipe.fileHandleForWriting.fileDescriptor, STDOUT_FILENO)
        do {
            defer {
                fflush(nil)
                dup2(savedOutput, STDOUT_FILENO)
                close(savedOutput)
                pipe.fileHandleForWriting.closeFile()
            }
            try body()
        }
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

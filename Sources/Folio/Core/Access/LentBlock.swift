import CSQLite
import Dispatch
import Foundation
import Synchronization

/// The function of an async access, lent to the dispatch queue of a
/// connection.
///
/// Async access methods take non-escaping functions, as GRDB's do. They
/// run them on a dispatch queue through `withoutActuallyEscaping`, which
/// stops the program if the function is still referenced when the access
/// returns. The dispatch block that runs the function is released by the
/// queue after it resumes the access, possibly later: so it holds this
/// box, from which the function is taken before the access resumes.
///
/// `@unchecked Sendable`: `block` is set at initialization, and then only
/// read and cleared on the queue of the connection, by the one dispatch
/// block that runs the access (`queue.async` orders it after the
/// initialization).
final class LentBlock<T>: @unchecked Sendable {
    private var block: (@Sendable (Database, DatabaseAccessCancellation) throws -> T)?

    init(_ block: @escaping @Sendable (Database, DatabaseAccessCancellation) throws -> T) {
        self.block = block
    }

    /// Returns the function, which the box no longer holds.
    func take() -> @Sendable (Database, DatabaseAccessCancellation) throws -> T {
        defer { block = nil }
        return block!
    }

    /// Releases the function without running it.
    func giveBack() {
        block = nil
    }
}

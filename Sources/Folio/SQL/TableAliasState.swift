import Synchronization

/// The identity of a table alias, shared by the aliases that refer to the
/// same table, and the table it is bound to.
///
/// Sendable: `userName` is immutable, and the table name is bound once,
/// under a mutex.
final class TableAliasState: Sendable {
    let userName: String?
    private let tableNameStorage = Mutex<String?>(nil)

    init(name: String?) {
        userName = name
    }

    /// The name of the aliased table, once bound.
    var tableName: String? {
        tableNameStorage.withLock { $0 }
    }

    /// Binds the alias to a table.
    ///
    /// - Precondition: the alias is not already bound to another table.
    func bind(to tableName: String) {
        tableNameStorage.withLock { current in
            if let current {
                checkProgrammerError(
                    current.isSameDatabaseName(as: tableName),
                    "A TableAlias must not be used to refer to multiple tables (\(current) and \(tableName))")
            } else {
                current = tableName
            }
        }
    }
}

/// Whether ``Database/dumpTables(_:format:tableHeader:stableOrder:to:)``
/// prints the name of each table before its rows.
///
/// ```swift
/// // 1|Arthur|500
/// // 2|Barbara|1000
/// try dbQueue.dumpTables(["player"])
///
/// // player
/// // 1|Arthur|500
/// // 2|Barbara|1000
/// try dbQueue.dumpTables(["player"], tableHeader: .always)
/// ```
public enum DumpTableHeaderOptions: Sendable {
    /// Table names are printed when there are several tables.
    case automatic

    /// Table names are always printed.
    case always
}

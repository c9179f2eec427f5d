import CSQLite
import Foundation

/// A custom string comparison, usable in SQL with `COLLATE`.
///
/// ```swift
/// let collation = DatabaseCollation("byLength") { lhs, rhs in
///     lhs.count < rhs.count ? .orderedAscending
///         : lhs.count > rhs.count ? .orderedDescending : .orderedSame
/// }
/// db.add(collation: collation)
/// try db.execute(sql: "CREATE TABLE word (text TEXT COLLATE byLength)")
/// ```
///
/// Every connection knows the built-in collations below, which compare
/// strings with Foundation's methods:
///
/// ```swift
/// let names = try String.fetchAll(db, sql: """
///     SELECT name FROM player ORDER BY name COLLATE \(DatabaseCollation.localizedCaseInsensitiveCompare.name)
///     """)
/// ```
///
/// See <https://www.sqlite.org/datatype3.html#collation>.
public final class DatabaseCollation: Hashable, Identifiable, Sendable {
    /// The identifier of a collation: SQLite identifies collations by
    /// their name, case-insensitive.
    ///
    /// ```swift
    /// let c1 = DatabaseCollation("byLength") { ... }
    /// let c2 = DatabaseCollation("BYLENGTH") { ... }
    /// c1.id == c2.id // true: adding c2 replaces c1
    /// ```
    ///
    /// See <https://www.sqlite.org/c3ref/create_collation.html>.
    public struct ID: Hashable, Sendable {
        /// The name of the collation.
        private let name: String

        init(name: String) {
            self.name = name
        }

        /// Two collations are equal when their names are equal as SQLite
        /// compares them: byte for byte, ignoring the case of ASCII letters.
        ///
        /// ```swift
        /// DatabaseCollation("a") { ... }.id == DatabaseCollation("A") { ... }.id // true
        /// ```
        public static func == (lhs: ID, rhs: ID) -> Bool {
            lhs.name.isSameDatabaseName(as: rhs.name)
        }

        /// Hashes the name, ignoring the case of ASCII letters.
        ///
        /// ```swift
        /// let ids: Set<DatabaseCollation.ID> = [collation1.id, collation2.id]
        /// ```
        ///
        /// - Parameter hasher: The hasher to feed.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(DatabaseNameKey(name))
        }
    }

    /// The identifier of the collation: its case-insensitive name.
    ///
    /// ```swift
    /// var collations: [DatabaseCollation.ID: DatabaseCollation] = [:]
    /// collations[myCollation.id] = myCollation
    /// ```
    public var id: ID {
        ID(name: name)
    }

    /// The name of the collation in SQL.
    public let name: String

    let function: @Sendable (String, String) -> ComparisonResult

    /// Creates a collation.
    ///
    /// - Parameters:
    ///   - name: The name of the collation in SQL.
    ///   - function: A comparison of two strings.
    public convenience init(_ name: String, function: @escaping @Sendable (String, String) -> ComparisonResult) {
        self.init(name: name, comparison: function)
    }

    private init(name: String, comparison: @escaping @Sendable (String, String) -> ComparisonResult) {
        self.name = name
        self.function = comparison
    }

    /// Collations are identified by name (case-insensitive): they are
    /// equal when their ``id`` are.
    public static func == (lhs: DatabaseCollation, rhs: DatabaseCollation) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the ``id``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// Compares strings with `==` and `<` (Unicode canonical equivalence).
    public static let unicodeCompare = DatabaseCollation("unicodeCompare") { lhs, rhs in
        lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending
    }

    /// Compares strings with `String.caseInsensitiveCompare`.
    public static let caseInsensitiveCompare = DatabaseCollation("swiftCaseInsensitiveCompare") {
        $0.caseInsensitiveCompare($1)
    }

    /// Compares strings with `String.localizedCaseInsensitiveCompare`.
    public static let localizedCaseInsensitiveCompare = DatabaseCollation("swiftLocalizedCaseInsensitiveCompare") {
        $0.localizedCaseInsensitiveCompare($1)
    }

    /// Compares strings with `String.localizedCompare`.
    public static let localizedCompare = DatabaseCollation("swiftLocalizedCompare") {
        $0.localizedCompare($1)
    }

    /// Compares strings with `String.localizedStandardCompare`, the order
    /// of file names in a file browser ("file2" before "file10").
    public static let localizedStandardCompare = DatabaseCollation("swiftLocalizedStandardCompare") {
        $0.localizedStandardCompare($1)
    }

    /// The collations every connection knows.
    static let builtIn: [DatabaseCollation] = [
        .unicodeCompare, .caseInsensitiveCompare, .localizedCaseInsensitiveCompare,
        .localizedCompare, .localizedStandardCompare,
    ]
}

extension Database {
    /// The names of the collations built into SQLite.
    ///
    /// See <https://www.sqlite.org/datatype3.html#collating_sequences>.
    public struct CollationName: RawRepresentable, Hashable, Sendable {
        /// The collation name.
        public let rawValue: String

        /// Creates a collation name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `BINARY`: compares bytes (the default).
        public static let binary = CollationName(rawValue: "BINARY")
        /// `NOCASE`: ignores the case of ASCII letters.
        public static let nocase = CollationName(rawValue: "NOCASE")
        /// `RTRIM`: ignores trailing spaces.
        public static let rtrim = CollationName(rawValue: "RTRIM")
    }

    /// Adds a custom collation, or replaces one with the same name.
    ///
    /// - Parameter collation: A collation.
    ///
    /// See <https://www.sqlite.org/c3ref/create_collation.html>.
    public func add(collation: DatabaseCollation) {
        guard sqliteConnection != nil else { return }
        customCollations[collation.name] = collation
        if remote != nil {
            // A remote engine does not know the collation: a statement
            // that uses it fails when it is prepared, unless it only sorts
            // the rows, locally, under a private name (see `RemoteOrdering`).
            register(collation, as: RemoteConnection.remoteAliasName(ofCollation: collation.name))
            return
        }
        register(collation, as: collation.name)
    }

    /// Registers a collation on the SQLite connection, under a name.
    func register(_ collation: DatabaseCollation, as name: String) {
        guard let sqliteConnection else { return }
        let box = Unmanaged.passRetained(CollationBox(collation)).toOpaque()
        sqlite3_create_collation_v2(
            sqliteConnection, name, SQLITE_UTF8, box,
            { context, lhsCount, lhs, rhsCount, rhs in
                let collation = Unmanaged<CollationBox>.fromOpaque(context!).takeUnretainedValue().collation
                let left = DatabaseCollation.string(lhs, count: lhsCount)
                let right = DatabaseCollation.string(rhs, count: rhsCount)
                switch collation.function(left, right) {
                case .orderedAscending: return -1
                case .orderedSame: return 0
                case .orderedDescending: return 1
                }
            },
            { context in
                if let context { Unmanaged<CollationBox>.fromOpaque(context).release() }
            })
    }

    /// Removes a custom collation.
    ///
    /// - Parameter collation: A collation added with ``add(collation:)``.
    public func remove(collation: DatabaseCollation) {
        guard let sqliteConnection else { return }
        customCollations[collation.name] = nil
        let name = remote == nil ? collation.name : RemoteConnection.remoteAliasName(ofCollation: collation.name)
        sqlite3_create_collation_v2(sqliteConnection, name, SQLITE_UTF8, nil, nil, nil)
    }
}

/// Keeps a collation alive while SQLite may call it.
final class CollationBox {
    let collation: DatabaseCollation
    init(_ collation: DatabaseCollation) { self.collation = collation }
}

extension DatabaseCollation {
    static func string(_ pointer: UnsafeRawPointer?, count: CInt) -> String {
        guard let pointer, count > 0 else { return "" }
        return String(
            decoding: UnsafeRawBufferPointer(start: pointer, count: Int(count)),
            as: UTF8.self)
    }
}

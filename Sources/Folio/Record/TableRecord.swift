import Foundation

/// A type that is associated with a database table.
///
/// ```swift
/// struct Player: TableRecord {
///     // Optional: the default is "player", from the type name.
///     static let databaseTableName = "player"
/// }
///
/// // SELECT * FROM player WHERE score > 1000
/// let request = Player.filter { $0.score > 1000 }
/// ```
///
/// The default table name is the type name with a lowercased first word:
/// `Player` → `player`, `PostalAddress` → `postalAddress`,
/// `HTTPRequest` → `httpRequest`.
///
/// The closures of the query interface receive the record's
/// ``databaseComponents``: by default its `Columns` type, so `$0.score` is
/// `Player.Columns.score`. A record without `Columns` type gets
/// ``DynamicColumns``, where any member name is a column.
///
/// ## Topics
/// - ``databaseTableName``
/// - ``databaseSelection``
/// - ``Columns``
/// - ``DatabaseComponents``
/// - ``databaseComponents``
public protocol TableRecord {
    /// A type that defines the columns of the record.
    ///
    /// ```swift
    /// struct Player: TableRecord {
    ///     enum Columns {
    ///         static let id = Column("id")
    ///         static let name = Column("name")
    ///         static let score = Column("score")
    ///     }
    /// }
    ///
    /// // SELECT * FROM player WHERE score > 1000
    /// Player.filter { $0.score > 1000 }
    /// ```
    ///
    /// `Codable` records can define their columns from their coding keys,
    /// `Column(CodingKeys.score)`, or use the coding keys themselves,
    /// made column expressions:
    ///
    /// ```swift
    /// struct Player: TableRecord, Codable {
    ///     var fullName: String
    ///     enum CodingKeys: String, CodingKey, ColumnExpression {
    ///         case fullName = "full_name"
    ///     }
    ///     typealias Columns = CodingKeys
    /// }
    ///
    /// // SELECT * FROM player WHERE full_name = 'Arthur'
    /// Player.filter { $0.fullName == "Arthur" }
    /// ```
    ///
    /// A record that declares no `Columns` type gets ``DynamicColumns``,
    /// where `$0.score` is `Column("score")` (GRDB's default is `Never`).
    associatedtype Columns = DynamicColumns

    /// A type that provides database components to the closures of the
    /// query interface.
    ///
    /// It is `Columns.Type` by default:
    ///
    /// ```swift
    /// Player.DatabaseComponents       // Player.Columns.Type
    /// Player.databaseComponents.score // Player.Columns.score
    /// let request = Player.order(\.score.desc)
    /// ```
    associatedtype DatabaseComponents = Columns.Type

    /// The value that provides database components to the closures of the
    /// query interface: `$0` in `Player.filter { $0.score > 1000 }`.
    ///
    /// It is `Columns.self` by default:
    ///
    /// ```swift
    /// Player.databaseComponents.score // Player.Columns.score
    /// ```
    static var databaseComponents: DatabaseComponents { get }

    /// The name of the database table.
    static var databaseTableName: String { get }

    /// The columns selected by default: all columns (`*`). Tables without
    /// explicit primary key that want to know their rowid select
    /// `[.allColumns, .rowID]`.
    ///
    /// ```swift
    /// static var databaseSelection: [any SQLSelectable] { [.allColumns, .rowID] }
    /// ```
    static var databaseSelection: [any SQLSelectable] { get }
}

extension TableRecord {
    /// The type name with a lowercased first word: `PostalAddress` →
    /// `postalAddress`.
    public static var databaseTableName: String {
        defaultDatabaseTableName(for: Self.self)
    }

    /// All columns: `[.allColumns]`.
    public static var databaseSelection: [any SQLSelectable] {
        [AllColumns()]
    }
}

extension TableRecord where DatabaseComponents == Columns.Type {
    /// The `Columns` type of the record.
    ///
    /// ```swift
    /// Player.databaseComponents.score // Player.Columns.score
    /// ```
    public static var databaseComponents: Columns.Type {
        Columns.self
    }
}

/// The default table names computed so far, by type. Computing one costs a
/// `String(describing:)` of the type (about 25k instructions, a reflection
/// of the type), and requests ask for it each time they are built.
private let defaultDatabaseTableNames = Synchronized<[ObjectIdentifier: String]>([:])

/// The default table name of a type: its name with a lowercased first word.
func defaultDatabaseTableName(for type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let name = defaultDatabaseTableNames.withLock({ $0[key] }) {
        return name
    }
    let name = uncachedDefaultDatabaseTableName(for: type)
    defaultDatabaseTableNames.withLock { $0[key] = name }
    return name
}

private func uncachedDefaultDatabaseTableName(for type: Any.Type) -> String {
    var name = String(describing: type)
    if let genericStart = name.firstIndex(of: "<") {
        name = String(name[..<genericStart])
    }
    if let lastDot = name.lastIndex(of: ".") {
        name = String(name[name.index(after: lastDot)...])
    }
    let characters = Array(name)
    var upperCount = 0
    while upperCount < characters.count, characters[upperCount].isUppercase {
        upperCount += 1
    }
    switch upperCount {
    case 0:
        return name
    case 1, characters.count:
        // "Player" → "player", "TOEFL" → "toefl"
        return characters[..<upperCount].map { $0.lowercased() }.joined() + String(characters[upperCount...])
    default:
        // "HTTPRequest" → "httpRequest": the last capital starts a word.
        let lowered = characters[..<(upperCount - 1)].map { $0.lowercased() }.joined()
        return lowered + String(characters[(upperCount - 1)...])
    }
}

extension TableRecord {
    /// The SQL of the default selection of the type, such as `*` or
    /// `*, "rowid"`, with its arguments.
    static func selectionSQL(_ db: Database) throws -> (sql: String, arguments: StatementArguments) {
        var context = SQLGenerationContext(db: db)
        context.selectionTableName = databaseTableName
        let sql = try databaseSelection.map { try $0.sqlSelection.sql(&context) }.joined(separator: ", ")
        return (sql, context.arguments)
    }
}

import Folio
import XCTest

extension FolioTestCase {
    /// The schema statements run so far (CREATE, ALTER, DROP), without the
    /// introspection queries the schema DSL may run.
    var schemaSQLQueries: [String] {
        sqlQueries.filter { sql in
            ["CREATE", "ALTER", "DROP"].contains { sql.hasPrefix($0) }
        }
    }

    /// Asserts that an expression throws a ``DatabaseError`` with the given
    /// extended result code, and returns it.
    @discardableResult
    func assertDatabaseError(
        _ code: ResultCode,
        file: StaticString = #filePath,
        line: UInt = #line,
        _ expression: () throws -> Void) -> DatabaseError?
    {
        do {
            try expression()
            XCTFail("expected \(code)", file: file, line: line)
            return nil
        } catch let error as DatabaseError {
            XCTAssertEqual(error.extendedResultCode, code, "\(error)", file: file, line: line)
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }
}

/// A short description of a column, for assertions.
struct ColumnSummary: Equatable, CustomStringConvertible {
    var name: String
    var type: String
    var notNull: Bool
    var defaultSQL: String?
    var primaryKeyIndex: Int

    init(_ name: String, _ type: String, notNull: Bool = false, default defaultSQL: String? = nil, pk: Int = 0) {
        self.name = name
        self.type = type
        self.notNull = notNull
        self.defaultSQL = defaultSQL
        self.primaryKeyIndex = pk
    }

    init(_ info: ColumnInfo) {
        self.init(info.name, info.type, notNull: info.isNotNull, default: info.defaultValueSQL, pk: info.primaryKeyIndex)
    }

    var description: String {
        "\(name) \(type)\(notNull ? " NOT NULL" : "")\(defaultSQL.map { " DEFAULT \($0)" } ?? "")\(primaryKeyIndex > 0 ? " pk\(primaryKeyIndex)" : "")"
    }
}

extension Database {
    /// The columns of a table, summarized for assertions.
    func columnSummaries(_ table: String) throws -> [ColumnSummary] {
        try columns(in: table).map(ColumnSummary.init)
    }

    /// The (origin columns, destination table, destination columns) of
    /// the foreign keys of a table.
    func foreignKeySummaries(_ table: String) throws -> [String] {
        try foreignKeys(on: table).map { foreignKey in
            "\(foreignKey.originColumns) -> \(foreignKey.destinationTable)\(foreignKey.destinationColumns)"
        }
    }

    /// The (name, columns, unique) of the indexes of a table.
    func indexSummaries(_ table: String) throws -> [String] {
        try indexes(on: table).map { index in
            "\(index.name)\(index.columns)\(index.isUnique ? " unique" : "")"
        }
    }
}

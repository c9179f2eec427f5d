// SQL generation of TableDefinition: the CREATE TABLE statement, and the
// CREATE INDEX statements that follow it.

extension TableDefinition {
    /// Returns the primary key columns as declared so far, or the hidden
    /// rowid, or nil for a WITHOUT ROWID table without primary key.
    func declaredPrimaryKey(_ resolver: ForeignKeyResolver) throws -> [ForeignKeyResolver.Column]? {
        var columnTypes: [DatabaseNameKey: Database.ColumnType?] = [:]
        for element in elements {
            if case .column(let column) = element {
                if column.primaryKey != nil {
                    return [ForeignKeyResolver.Column(name: column.name, type: column.type)]
                }
                columnTypes[DatabaseNameKey(column.name)] = column.type
            }
        }
        if let primaryKeyConstraint {
            var columns: [ForeignKeyResolver.Column] = []
            for member in primaryKeyConstraint.members {
                switch member {
                case .column(let name):
                    columns.append(ForeignKeyResolver.Column(name: name, type: columnTypes[DatabaseNameKey(name)] ?? nil))
                case .foreignKey(let foreignKey):
                    columns.append(contentsOf: try foreignKey.resolve(resolver).columns)
                }
            }
            return columns
        }
        if options.contains(.withoutRowID) {
            return nil
        }
        return [ForeignKeyResolver.Column(name: ForeignKeyResolver.Column.rowIDName, type: .integer)]
    }

    /// Returns the `CREATE TABLE` statement, and the `CREATE INDEX`
    /// statements that follow.
    func sql(_ db: Database) throws -> (createTable: String, createIndexes: [String]) {
        let resolver = ForeignKeyResolver(db: db, definingTable: self)
        var definitions: [String] = []
        var foreignKeyConstraints: [String] = []
        var indexedColumns: [(columns: [String], unlessCovered: Bool)] = []
        var resolvedForeignKeys: [ObjectIdentifier: [String]] = [:]
        var uniqueColumns: [[String]] = uniqueKeys.map(\.columns)
        var foreignKeyUniqueConstraints: [String] = []
        var primaryKeyColumns: [String]?

        for element in elements {
            switch element {
            case .column(let column):
                definitions.append(try column.sql(db, resolver: resolver))
                if column.isIndexed {
                    indexedColumns.append(([column.name], false))
                }
                if column.unique != nil {
                    uniqueColumns.append([column.name])
                }
                if column.primaryKey != nil {
                    primaryKeyColumns = [column.name]
                }
            case .columnLiteral(let literal):
                definitions.append(try literal.inlinedSQL(db))
            case .foreignKey(let foreignKey):
                let resolution = try foreignKey.resolve(resolver)
                let names = resolution.columns.map(\.name)
                resolvedForeignKeys[ObjectIdentifier(foreignKey)] = names
                for column in resolution.columns {
                    var sql = column.name.quotedDatabaseIdentifier
                    if let type = column.type {
                        sql += " " + type.rawValue
                    }
                    if let notNull = foreignKey.notNull {
                        sql += " NOT NULL" + conflictClause(notNull)
                    }
                    if resolution.columns.count == 1 {
                        if foreignKey.isUnique {
                            sql += " UNIQUE"
                        }
                        sql += " " + foreignKey.clause(resolution).sql
                    }
                    definitions.append(sql)
                }
                if foreignKey.isUnique {
                    uniqueColumns.append(names)
                    if resolution.columns.count > 1 {
                        foreignKeyUniqueConstraints.append("UNIQUE (\(TableDefinition.columnList(names)))")
                    }
                }
                if resolution.columns.count > 1 {
                    foreignKeyConstraints.append(
                        "FOREIGN KEY (\(TableDefinition.columnList(names))) \(foreignKey.clause(resolution).sql)")
                }
                if foreignKey.indexed {
                    indexedColumns.append((names, true))
                }
            }
        }

        if let primaryKeyConstraint {
            let names = primaryKeyConstraint.members.flatMap { member -> [String] in
                switch member {
                case .column(let name): return [name]
                case .foreignKey(let foreignKey): return resolvedForeignKeys[ObjectIdentifier(foreignKey)] ?? []
                }
            }
            primaryKeyColumns = names
            definitions.append("PRIMARY KEY (\(TableDefinition.columnList(names)))" + conflictClause(primaryKeyConstraint.conflictResolution))
        }
        for uniqueKey in uniqueKeys {
            definitions.append("UNIQUE (\(TableDefinition.columnList(uniqueKey.columns)))" + conflictClause(uniqueKey.conflictResolution))
        }
        definitions.append(contentsOf: foreignKeyUniqueConstraints)
        definitions.append(contentsOf: foreignKeyConstraints)
        for foreignKey in foreignKeys {
            definitions.append("FOREIGN KEY (\(TableDefinition.columnList(foreignKey.columns))) \(foreignKey.clause.sql)")
        }
        for check in checkConstraints {
            definitions.append("CHECK (\(try check.inlinedSQL(db)))")
        }
        for literal in literalConstraints {
            definitions.append(try literal.inlinedSQL(db))
        }

        var createTable = "CREATE "
        if options.contains(.temporary) {
            createTable += "TEMPORARY "
        }
        createTable += "TABLE "
        if options.contains(.ifNotExists) {
            createTable += "IF NOT EXISTS "
        }
        createTable += name.quotedDatabaseIdentifier + " (" + definitions.joined(separator: ", ") + ")"
        var tableOptions: [String] = []
        if options.contains(.withoutRowID) {
            tableOptions.append("WITHOUT ROWID")
        }
        if options.contains(.strict) {
            tableOptions.append("STRICT")
        }
        if !tableOptions.isEmpty {
            createTable += " " + tableOptions.joined(separator: ", ")
        }

        // The index of a foreign key that starts like the primary key or a
        // unique key is useless: SQLite uses the index of the key.
        let coveringKeys = (primaryKeyColumns.map { [$0] } ?? []) + uniqueColumns
        var createIndexes: [String] = []
        var indexedSets: Set<[DatabaseNameKey]> = []
        for (columns, unlessCovered) in indexedColumns {
            let columnKeys = columns.map(DatabaseNameKey.init)
            let isCovered = unlessCovered && coveringKeys.contains { key in
                key.count >= columnKeys.count && key.prefix(columnKeys.count).map(DatabaseNameKey.init) == columnKeys
            }
            guard !isCovered, indexedSets.insert(columnKeys).inserted else { continue }
            createIndexes.append(Database.createIndexSQL(
                name: TableDefinition.indexName(table: name, columns: columns),
                table: name,
                columns: columns,
                options: options.contains(.ifNotExists) ? .ifNotExists : []))
        }
        return (createTable, createIndexes)
    }

    /// `"a", "b"`
    static func columnList(_ columns: [String]) -> String {
        columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
    }

    /// The name of the indexes created by ``ColumnDefinition/indexed()``
    /// and ``belongsTo(_:inTable:onDelete:onUpdate:deferred:indexed:)``:
    /// `player_on_teamId`.
    static func indexName(table: String, columns: [String]) -> String {
        "\(table)_on_\(columns.joined(separator: "_"))"
    }
}

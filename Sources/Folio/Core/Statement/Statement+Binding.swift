import CSQLite

// The binder of `Statement`: the one way values reach `sqlite3_bind_*`
// (see Architecture.md, "The write path"), for arguments set by the user
// (`setArguments`, `setUncheckedArguments`), consumed by several
// statements of one SQL string (`consumeArguments`), or lent by the
// persistence methods for one run (`withBoundValues`).

extension Statement {
    // MARK: - Arguments

    /// Sets the arguments used by the next execution.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "INSERT INTO player (name) VALUES (?)")
    /// try statement.setArguments(["Arthur"])
    /// try statement.execute()
    /// ```
    ///
    /// - Parameter arguments: Statement arguments.
    /// - Throws: A ``DatabaseError`` when the arguments do not fit.
    public func setArguments(_ arguments: StatementArguments) throws {
        // Fast path for the common case: as many positional values as `?`.
        if hasOnlyPositionalParameters, arguments.namedValues.isEmpty, arguments.positionalCount == parameterNames.count {
            boundArguments = arguments
            if let literal = arguments.literal {
                try bind(literal)
            } else {
                try bind(arguments.storedValues)
            }
            return
        }
        var values = arguments.values[...]
        let resolved = try resolvedValues(consuming: &values, named: arguments.namedValues)
        try checkNoRemainingValues(values, namedValues: arguments.namedValues, allArguments: arguments)
        boundArguments = arguments
        try bind(resolved)
    }

    /// Sets arguments without checking them: missing values are NULL, extra
    /// values are ignored.
    ///
    /// - Parameter arguments: Statement arguments.
    public func setUncheckedArguments(_ arguments: StatementArguments) {
        var values = arguments.values[...]
        let resolved = parameterNames.map { name -> DatabaseValue in
            if let name, let value = arguments.namedValues[name] { return value }
            return values.popFirst() ?? .null
        }
        boundArguments = arguments
        do {
            try bind(resolved)
        } catch {
            // A value too big for SQLite, or no memory left: the
            // statement must not run with the parameters that could not
            // be bound, and the error reaches the caller at the next step
            // (the binder keeps it in `pendingBindError`).
        }
    }

    /// Binds the values needed by the statement, taking positional values
    /// from the front of `values`. Used for multi-statement SQL, where each
    /// statement consumes its own share of the arguments.
    func consumeArguments(
        _ values: inout ArraySlice<DatabaseValue>,
        named: [String: DatabaseValue],
        allArguments: StatementArguments) throws
    {
        let resolved = try resolvedValues(consuming: &values, named: named)
        boundArguments = allArguments
        try bind(resolved)
    }

    /// Binds values that are in parameter order, one per parameter, runs
    /// `body` (which steps the statement), and gives the values back: the
    /// arguments of the persistence methods (`Record/`), which a container
    /// holds in the order of the statement's columns.
    ///
    /// This is ``setArguments(_:)`` without building arguments: the
    /// values move into ``arguments`` for the run, so that the binder and
    /// the errors of the run name them, and move back into `values`
    /// afterwards, so that the caller owns them again without a copy (the
    /// record layer then writes the rowid of an insertion in them). After
    /// the run, ``arguments`` is empty. Values that do not match the
    /// parameters (a statement with named parameters, or another count)
    /// take ``setArguments(_:)``, and its errors.
    ///
    /// Measured on workload 6 (20k insertions of 10 values): keeping the
    /// values in the statement after the run cost a retain and a release
    /// per insertion, and a copy of the values when the rowid is written
    /// in them (upserts, workload 19: ~1.2k instructions).
    @inline(__always)
    func withBoundValues<Result>(_ values: inout [DatabaseValue], _ body: () throws -> Result) throws -> Result {
        guard hasOnlyPositionalParameters, values.count == parameterNames.count else {
            try setArguments(StatementArguments(databaseValues: values))
            return try body()
        }
        if !boundArguments.namedValues.isEmpty {
            boundArguments.namedValues = [:]
        }
        if boundArguments.literal != nil {
            boundArguments.literal = nil
        }
        swap(&values, &boundArguments.storedValues)
        defer { swap(&values, &boundArguments.storedValues) }
        try bind(boundArguments.storedValues)
        return try body()
    }

    /// The one binder, for every statement: binds the values of
    /// ``boundArguments``, resolved in parameter index order, after a
    /// reset. When a value can not be bound, the bindings are cleared and
    /// the error stays pending, so that the statement never runs with
    /// parameters of a previous run: its next step throws the error too.
    @inline(__always)
    private func bind(_ values: [DatabaseValue]) throws {
        prepareBinding()
        let code = bindAll(values)
        if code != SQLITE_OK {
            throw bindFailure(code: code, values: values)
        }
    }

    /// The binder of the values of an array literal (see
    /// ``StatementArguments/literal``): each value is converted and bound
    /// in turn, without an array of database values.
    @inline(__always)
    private func bind(_ literal: LiteralArgumentValues) throws {
        prepareBinding()
        let code = bindAll(literal)
        if code != SQLITE_OK {
            throw bindFailure(code: code, values: literal.databaseValues)
        }
    }

    /// Resets the statement before binding, and forgets the error of a
    /// previous bind.
    @inline(__always)
    private func prepareBinding() {
        reset()
        if needsStepPreamble && pendingBindError != nil {
            pendingBindError = nil
            needsStepPreamble = hasPermanentStepPreamble
        }
    }

    /// Binds the values of an array literal to the parameters 1...n, and
    /// returns the first error code, or `SQLITE_OK`.
    private func bindAll(_ literal: LiteralArgumentValues) -> CInt {
        literal.elements.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return SQLITE_OK }
            // Read through an inout access, which projects the optional
            // and opens the existential in place: reading the elements as
            // values copies each one first (+130 instructions per
            // execution of workload 5). Nothing is written.
            let elements = UnsafeMutablePointer(mutating: base)
            for index in 0..<buffer.count {
                let code = bind(Statement.databaseValue(of: &elements[index]), at: CInt(index + 1))
                if code != SQLITE_OK { return code }
            }
            return SQLITE_OK
        }
    }

    /// The database value of an element of an array literal, read in
    /// place (see ``bindAll(_:)``).
    @inline(__always)
    private static func databaseValue(of element: inout (any DatabaseValueConvertible)?) -> DatabaseValue {
        element?.databaseValue ?? .null
    }

    /// The error of a failed bind (see ``bind(_:)``). Out of line: off the
    /// hot path of binding.
    @inline(never)
    private func bindFailure(code: CInt, values: [DatabaseValue]) -> DatabaseError {
        let arguments = boundArguments
        let error = code == Statement.unrepresentableValueCode
            ? unrepresentableValueError(in: values, arguments: arguments)
            : DatabaseError.lastError(
                database.sqliteConnection, code: code, sql: sql,
                arguments: arguments, publicArguments: database.configuration.publicStatementArguments)
        // Some parameters are bound, others keep the values of the
        // previous run: the statement must not run until arguments are
        // set again. Its next step throws the error too.
        sqlite3_clear_bindings(sqliteStatement)
        pendingBindError = error
        needsStepPreamble = true
        return error
    }

    /// Keeps the error of arguments set with the ``arguments`` setter,
    /// which can not throw: the bindings are cleared, and the next step
    /// throws the error, so that the statement never runs with arguments
    /// that were not all bound.
    func deferArgumentsError(_ error: DatabaseError, arguments: StatementArguments) {
        reset()
        sqlite3_clear_bindings(sqliteStatement)
        boundArguments = arguments
        pendingBindError = error
        needsStepPreamble = true
    }

    /// Binds values to the parameters 1...n, in place, and returns the
    /// first error code, or `SQLITE_OK`.
    private func bindAll(_ values: [DatabaseValue]) -> CInt {
        values.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let code = bind(buffer[index], at: CInt(index + 1))
                if code != SQLITE_OK { return code }
            }
            return SQLITE_OK
        }
    }

    /// Binds one value. See <https://www.sqlite.org/c3ref/bind_blob.html>.
    ///
    /// - Returns: An SQLite result code, or ``Statement.unrepresentableValueCode``
    ///   for a value that SQLite can not store (`UInt64.max`), which is
    ///   left unbound: throw ``unrepresentableValueError(in:arguments:)``.
    private func bind(_ value: DatabaseValue, at index: CInt) -> CInt {
        value._bind(to: sqliteStatement, at: index, unrepresentableCode: Statement.unrepresentableValueCode)
    }
}

import SwiftDiagnostics
import SwiftParser
import SwiftSyntax

/// A stored property of a `@DatabaseRecord` struct that is a column.
struct RecordProperty {
    /// The property name, as written (backticks included).
    var name: String
    /// The column name.
    var column: String
    /// The type of the property without its optional: `Int64` for
    /// `Int64?`.
    var valueType: TypeSyntax
    /// Whether the property is optional (`T?`, `T!`, `Optional<T>`).
    var isOptional: Bool
    /// Whether the property is a `var`.
    var isVar: Bool
    /// The declaration, for diagnostics.
    var node: Syntax
}

/// The stored properties of a struct, read for `@DatabaseRecord`.
struct RecordPropertyReader {
    var properties: [RecordProperty] = []
    var diagnostics: [Diagnostic] = []

    init(members: MemberBlockItemListSyntax) {
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            read(variable)
        }
        checkDuplicateColumns()
    }

    private mutating func read(_ variable: VariableDeclSyntax) {
        if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) }) {
            return
        }
        let columnAttribute = Self.attribute(named: "DatabaseColumn", in: variable)
        let transientAttribute = Self.attribute(named: "DatabaseTransient", in: variable)
        let isVar = variable.bindingSpecifier.tokenKind == .keyword(.var)
        if let columnAttribute, let transientAttribute {
            diagnostics.append(Diagnostic(
                node: columnAttribute,
                message: DatabaseRecordDiagnostic.columnAndTransient(property: Self.names(of: variable)),
                fixIt: FixIt.removingAttribute(transientAttribute, from: variable, message: .removeTransient)))
            return
        }
        let bindings = Array(variable.bindings)
        for (bindingIndex, binding) in bindings.enumerated() {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.text
            if Self.isComputed(binding) {
                if let columnAttribute {
                    diagnostics.append(Diagnostic(
                        node: columnAttribute,
                        message: DatabaseRecordDiagnostic.computedColumn(name: name),
                        fixIt: FixIt.removingAttribute(columnAttribute, from: variable, message: .removeDatabaseColumn)))
                }
                continue
            }
            // In `var a, b: Int`, `a` takes the type of `b`.
            let type = binding.typeAnnotation?.type ?? (binding.initializer == nil
                ? bindings[(bindingIndex + 1)...].first { $0.typeAnnotation != nil || $0.initializer != nil }?.typeAnnotation?.type
                : nil)
            if transientAttribute != nil {
                let isOptional = type.map { Self.unwrapOptional($0) != nil } ?? false
                if binding.initializer == nil && !(isVar && isOptional) {
                    diagnostics.append(Diagnostic(
                        node: Syntax(binding),
                        message: DatabaseRecordDiagnostic.transientWithoutValue(property: name)))
                }
                continue
            }
            if !isVar && binding.initializer != nil {
                diagnostics.append(Diagnostic(
                    node: Syntax(binding),
                    message: DatabaseRecordDiagnostic.initializedLet(property: name),
                    fixIts: [
                        FixIt(message: DatabaseRecordFixIt.useVar, changes: [
                            .replace(
                                oldNode: Syntax(variable.bindingSpecifier),
                                newNode: Syntax(TokenSyntax.keyword(.var).with(\.leadingTrivia, variable.bindingSpecifier.leadingTrivia).with(\.trailingTrivia, variable.bindingSpecifier.trailingTrivia)))
                        ]),
                        FixIt.insertingTransient(before: variable),
                    ]))
                continue
            }
            guard let type else {
                diagnostics.append(Diagnostic(
                    node: Syntax(binding),
                    message: DatabaseRecordDiagnostic.missingType(property: name),
                    fixIt: FixIt.insertingTransient(before: variable)))
                continue
            }
            let column: String
            if let columnAttribute {
                guard let name = Self.columnName(of: columnAttribute) else {
                    diagnostics.append(Diagnostic(node: columnAttribute, message: DatabaseRecordDiagnostic.columnNameNotLiteral))
                    continue
                }
                if name.isEmpty {
                    diagnostics.append(Diagnostic(node: columnAttribute, message: DatabaseRecordDiagnostic.emptyColumnName))
                    continue
                }
                column = name
            } else {
                column = Self.unquoted(name)
            }
            let wrapped = Self.unwrapOptional(type)
            let valueType = wrapped ?? type
            if let reason = Self.unmappableReason(valueType) {
                diagnostics.append(Diagnostic(
                    node: Syntax(type),
                    message: DatabaseRecordDiagnostic.unmappableType(property: name, reason: reason),
                    fixIt: FixIt.insertingTransient(before: variable)))
                continue
            }
            properties.append(RecordProperty(
                name: name, column: column,
                valueType: valueType.trimmed,
                isOptional: wrapped != nil, isVar: isVar,
                node: Syntax(binding)))
        }
    }

    /// Column names are case-insensitive in SQLite (ASCII letters).
    private mutating func checkDuplicateColumns() {
        var seen: [String: String] = [:]
        for property in properties {
            let key = property.column.lowercased()
            if let previous = seen[key] {
                diagnostics.append(Diagnostic(
                    node: property.node,
                    message: DatabaseRecordDiagnostic.duplicateColumn(
                        column: property.column, property: property.name, previous: previous)))
            } else {
                seen[key] = property.name
            }
        }
    }

    static func attribute(named name: String, in variable: VariableDeclSyntax) -> AttributeSyntax? {
        for element in variable.attributes {
            if let attribute = element.as(AttributeSyntax.self),
               attribute.attributeName.trimmedDescription == name
            {
                return attribute
            }
        }
        return nil
    }

    static func names(of variable: VariableDeclSyntax) -> String {
        variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }.joined(separator: ", ")
    }

    /// Whether a binding is computed: a getter, or a body without
    /// observers (`willSet`/`didSet` keep a property stored).
    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessorBlock = binding.accessorBlock else { return false }
        switch accessorBlock.accessors {
        case .getter:
            return true
        case .accessors(let accessors):
            return accessors.contains { accessor in
                switch accessor.accessorSpecifier.tokenKind {
                case .keyword(.willSet), .keyword(.didSet): return false
                default: return true
                }
            }
        }
    }

    /// The column name of `@DatabaseColumn("name")`, or nil when the
    /// argument is not a plain string literal.
    static func columnName(of attribute: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments) = attribute.arguments,
              arguments.count == 1,
              let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        // The value of the literal, escapes resolved; nil with
        // interpolations.
        return literal.representedLiteralValue
    }

    /// A name without its backticks.
    static func unquoted(_ name: String) -> String {
        name.hasPrefix("`") && name.hasSuffix("`") && name.count >= 2 ? String(name.dropFirst().dropLast()) : name
    }

    /// The wrapped type of `T?`, `T!` and `Optional<T>`, or nil.
    static func unwrapOptional(_ type: TypeSyntax) -> TypeSyntax? {
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return optional.wrappedType }
        if let identifier = type.as(IdentifierTypeSyntax.self),
           identifier.name.text == "Optional" || identifier.name.text == "Swift.Optional",
           let argument = identifier.genericArgumentClause?.arguments.first, identifier.genericArgumentClause?.arguments.count == 1
        {
            return TypeSyntax(fromArgument: argument.argument)
        }
        if let member = type.as(MemberTypeSyntax.self),
           member.baseType.trimmedDescription == "Swift", member.name.text == "Optional",
           let argument = member.genericArgumentClause?.arguments.first
        {
            return TypeSyntax(fromArgument: argument.argument)
        }
        return nil
    }

    /// Why a type can not be a column, or nil when it may be: the
    /// compiler checks the rest (the type must be a database value, have
    /// a raw value, or be `Codable`).
    static func unmappableReason(_ type: TypeSyntax) -> String? {
        if type.is(TupleTypeSyntax.self) {
            return "a tuple is not a database value (use a struct)"
        }
        if type.is(FunctionTypeSyntax.self) {
            return "a function is not a database value"
        }
        if type.is(MetatypeTypeSyntax.self) {
            return "a metatype is not a database value"
        }
        if let some = type.as(SomeOrAnyTypeSyntax.self) {
            return "'\(some.someOrAnySpecifier.text)' types are not database values (use a concrete type)"
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return unmappableReason(attributed.baseType)
        }
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return "a double optional can not tell NULL from a missing value"
        }
        return nil
    }
}

extension TypeSyntax {
    init?(fromArgument argument: GenericArgumentSyntax.Argument) {
        switch argument {
        case .type(let type): self = type
        default: return nil
        }
    }
}

extension FixIt {
    /// Inserts `@DatabaseTransient` before a property.
    static func insertingTransient(before variable: VariableDeclSyntax) -> FixIt {
        let attribute = AttributeSyntax(
            atSign: .atSignToken(leadingTrivia: variable.leadingTrivia),
            attributeName: IdentifierTypeSyntax(name: .identifier("DatabaseTransient")),
            trailingTrivia: .space)
        var newVariable = variable.with(\.leadingTrivia, [])
        newVariable.attributes.insert(.attribute(attribute), at: newVariable.attributes.startIndex)
        return FixIt(message: DatabaseRecordFixIt.markTransient, changes: [
            .replace(oldNode: Syntax(variable), newNode: Syntax(newVariable)),
        ])
    }

    /// Removes an attribute from a property.
    static func removingAttribute(_ attribute: AttributeSyntax, from variable: VariableDeclSyntax, message: DatabaseRecordFixIt) -> FixIt {
        var newVariable = variable
        newVariable.attributes = variable.attributes.filter { element in
            element.as(AttributeSyntax.self).map { $0.id != attribute.id } ?? true
        }
        newVariable = newVariable.with(\.leadingTrivia, variable.leadingTrivia)
        return FixIt(message: message, changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(newVariable))])
    }
}

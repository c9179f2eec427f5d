import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@DatabaseRecord` and `@DatabaseRecord(table:)`: an extension of the
/// struct with the record conformances, `databaseTableName`, `Columns`,
/// `init(row:)`, `encode(to:)`, and `didInsert(_:)` for an
/// auto-incremented `id`.
public struct DatabaseRecordMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext) throws -> [ExtensionDeclSyntax]
    {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            diagnoseNotAStruct(node: node, declaration: declaration, in: context)
            return []
        }
        if structDecl.genericParameterClause != nil {
            context.diagnose(Diagnostic(node: structDecl.name, message: DatabaseRecordDiagnostic.genericStruct))
            return []
        }
        let tableName: String
        switch tableArgument(of: node) {
        case .none:
            tableName = defaultTableName(structDecl.name.text)
        case .some(.some(let name)):
            tableName = name
        case .some(.none):
            context.diagnose(Diagnostic(node: node, message: DatabaseRecordDiagnostic.tableNameNotLiteral))
            return []
        }
        let reader = RecordPropertyReader(members: structDecl.memberBlock.members)
        if !reader.diagnostics.isEmpty {
            for diagnostic in reader.diagnostics {
                context.diagnose(diagnostic)
            }
            return []
        }
        let properties = reader.properties
        let access = accessModifier(of: structDecl)

        // An auto-incremented id: `var id: Int64?` or `var id: Int?`.
        let autoIncrementedID = properties.first { property in
            property.name == "id" && property.isVar && property.isOptional
                && ["Int64", "Int", "Swift.Int64", "Swift.Int"].contains(property.valueType.trimmedDescription)
        }
        let inherited = Set(structDecl.inheritanceClause?.inheritedTypes.map {
            withoutFolioModule($0.type.trimmedDescription)
        } ?? [])
        let declaresPersistable = inherited.contains("PersistableRecord")
        let generatesDidInsert = autoIncrementedID != nil && !declaresPersistable

        // The conformances that the type lacks (the compiler passes those
        // of the macro's declaration that the type does not have). The
        // protocols that the record protocols refine are listed too: the
        // compiler does not infer them for a macro's extension.
        let missing = Set(protocols.map { withoutFolioModule($0.trimmedDescription) })
        var wanted = ["FetchableRecord", "TableRecord", "EncodableRecord", "MutablePersistableRecord"]
        if autoIncrementedID == nil { wanted.append("PersistableRecord") }
        let conformances = wanted.filter { missing.contains($0) }

        var members: [String] = []
        members.append("""
            \(access)static var databaseTableName: String {
                \(stringLiteral(tableName))
            }
            """)

        let columnLines = properties.map { "    static let \($0.name) = Column(\(stringLiteral($0.column)))" }
        members.append("""
            \(access)enum Columns {
            \(columnLines.joined(separator: "\n"))
            }
            """)

        var initLines: [String] = []
        let names = properties.map { stringLiteral($0.column) }.joined(separator: ", ")
        initLines.append("    let indexes = row.columnIndexes(of: Self.self) {")
        initLines.append("        [\(names)]")
        initLines.append("    }")
        for (position, property) in properties.enumerated() {
            let method = property.isOptional ? "decodeColumnIfPresent" : "decodeColumn"
            initLines.append(
                "    self.\(property.name) = try row.\(method)(\(typeExpression(property.valueType)).self, at: \(position), of: indexes, record: Self.self)")
        }
        members.append("""
            \(access)init(row: Row) throws {
            \(initLines.joined(separator: "\n"))
            }
            """)

        let encodeLines = properties.map { property in
            let method = property.isOptional ? "encodeColumnIfPresent" : "encodeColumn"
            return "    try container.\(method)(\(property.name), forColumn: \(stringLiteral(property.column)), record: Self.self)"
        }
        members.append("""
            \(access)func encode(to container: inout PersistenceContainer) throws {
            \(encodeLines.joined(separator: "\n"))
            }
            """)

        if let id = autoIncrementedID, generatesDidInsert {
            let value = id.valueType.trimmedDescription.hasSuffix("Int64") ? "inserted.rowID" : "Int(inserted.rowID)"
            members.append("""
                \(access)mutating func didInsert(_ inserted: InsertionSuccess) {
                    self.id = \(value)
                }
                """)
        }

        let conformanceClause = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
        let source = """
            extension \(type.trimmedDescription)\(conformanceClause) {
            \(members.joined(separator: "\n\n"))
            }
            """
        let decl = DeclSyntax(stringLiteral: source)
        guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// Reports a declaration that is not a struct, with a fix-it for a
    /// class.
    private static func diagnoseNotAStruct(
        node: AttributeSyntax,
        declaration: some DeclGroupSyntax,
        in context: some MacroExpansionContext)
    {
        if let classDecl = declaration.as(ClassDeclSyntax.self) {
            let keyword = classDecl.classKeyword
            context.diagnose(Diagnostic(
                node: keyword,
                message: DatabaseRecordDiagnostic.notAStruct(kind: "a class"),
                fixIt: FixIt(message: DatabaseRecordFixIt.useStruct, changes: [
                    .replace(
                        oldNode: Syntax(keyword),
                        newNode: Syntax(TokenSyntax.keyword(.struct, leadingTrivia: keyword.leadingTrivia, trailingTrivia: keyword.trailingTrivia))),
                ])))
        } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            context.diagnose(Diagnostic(
                node: enumDecl.enumKeyword,
                message: DatabaseRecordDiagnostic.notAStruct(kind: "an enum")))
        } else if let actorDecl = declaration.as(ActorDeclSyntax.self) {
            context.diagnose(Diagnostic(
                node: actorDecl.actorKeyword,
                message: DatabaseRecordDiagnostic.notAStruct(kind: "an actor")))
        } else {
            context.diagnose(Diagnostic(
                node: node,
                message: DatabaseRecordDiagnostic.notAStruct(kind: "this declaration")))
        }
    }

    /// The argument of `table:`: nil without one, `.some(nil)` when it is
    /// not a string literal.
    private static func tableArgument(of node: AttributeSyntax) -> String?? {
        guard case .argumentList(let arguments) = node.arguments,
              let argument = arguments.first(where: { $0.label?.text == "table" })
        else { return nil }
        guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
              let value = literal.representedLiteralValue
        else { return .some(nil) }
        return .some(value)
    }

    /// The access modifier of the generated members: the struct's, when
    /// it is `public` or `package`.
    private static func accessModifier(of structDecl: StructDeclSyntax) -> String {
        for modifier in structDecl.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// Folio's default table name: the type name with a lowercased first
    /// word (`Player` → `player`, `HTTPRequest` → `httpRequest`, `TOEFL`
    /// → `toefl`).
    static func defaultTableName(_ typeName: String) -> String {
        let name = RecordPropertyReader.unquoted(typeName)
        let characters = Array(name)
        var upperCount = 0
        while upperCount < characters.count, characters[upperCount].isUppercase {
            upperCount += 1
        }
        switch upperCount {
        case 0:
            return name
        case 1, characters.count:
            return characters[..<upperCount].map { $0.lowercased() }.joined() + String(characters[upperCount...])
        default:
            let lowered = characters[..<(upperCount - 1)].map { $0.lowercased() }.joined()
            return lowered + String(characters[(upperCount - 1)...])
        }
    }

    /// A type as an expression before `.self`: sugared arrays and
    /// dictionaries are valid as they are.
    private static func typeExpression(_ type: TypeSyntax) -> String {
        type.trimmedDescription
    }

    /// A type name without the `Folio.` module prefix.
    private static func withoutFolioModule(_ name: String) -> String {
        name.hasPrefix("Folio.") ? String(name.dropFirst("Folio.".count)) : name
    }

    /// A Swift string literal of a name.
    static func stringLiteral(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

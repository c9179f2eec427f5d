import FolioMacrosPlugin
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// The macros under test, with the conformances that the compiler asks
/// `@DatabaseRecord` for when the struct declares none of them.
let databaseRecordMacroSpecs: [String: MacroSpec] = [
    "DatabaseRecord": MacroSpec(
        type: DatabaseRecordMacro.self,
        conformances: ["FetchableRecord", "TableRecord", "EncodableRecord", "MutablePersistableRecord", "PersistableRecord"]),
    "DatabaseColumn": MacroSpec(type: DatabaseColumnMacro.self),
    "DatabaseTransient": MacroSpec(type: DatabaseTransientMacro.self),
]

/// Asserts the expansion of a source with the Folio macros.
func assertDatabaseRecordExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    conformances: [String]? = nil,
    applyFixIts: [String]? = nil,
    fixedSource: String? = nil,
    file: StaticString = #filePath,
    line: UInt = #line)
{
    var specs = databaseRecordMacroSpecs
    if let conformances {
        specs["DatabaseRecord"] = MacroSpec(
            type: DatabaseRecordMacro.self,
            conformances: conformances.map { TypeSyntax(stringLiteral: $0) })
    }
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: specs,
        applyFixIts: applyFixIts,
        fixedSource: fixedSource,
        indentationWidth: .spaces(4),
        file: file,
        line: line)
}

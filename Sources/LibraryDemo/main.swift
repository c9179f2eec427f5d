// library-demo: the Library sample module at work.
//
//     swift run library-demo [path]
//
// With no argument, the database is a file in the temporary folder. The
// first run creates and seeds it; the next runs find the data there.

import Folio
import Foundation
import Library

/// Prints a table with aligned columns.
func printTable(_ title: String, header: [String], rows: [[String]]) {
    print(title)
    let widths = header.indices.map { column in
        ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
        zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
            .joined(separator: "  ")
            .trimmingCharacters(in: .whitespaces)
    }
    print(line(header))
    print(line(widths.map { String(repeating: "-", count: $0) }))
    for row in rows {
        print(line(row))
    }
    print()
}

func usage() -> String {
    """
    usage: library-demo [path]

    Opens (and creates if needed) the library database at path, or in the
    temporary folder when no path is given, then prints its content.
    """
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage())
    exit(0)
}
guard arguments.count <= 1, arguments.first.map({ !$0.hasPrefix("-") }) ?? true else {
    FileHandle.standardError.write(Data((usage() + "\n").utf8))
    exit(2)
}
let path = arguments.first
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("folio-library-demo.sqlite").path

do {
    let dbQueue = try DatabaseQueue(path: path)
    let manager = try LibraryManager(dbWriter: dbQueue)
    if try manager.seedIfEmpty() {
        print("Created the library at \(path)\n")
    } else {
        print("Opened the library at \(path)\n")
    }

    let authorList = try manager.authorList()
    printTable(
        "Authors",
        header: ["Id", "Name", "Country", "Books"],
        rows: authorList.map { item in
            [item.author.id.map(String.init) ?? "", item.author.name, item.author.country ?? "-", String(item.bookCount)]
        })

    if let first = authorList.first(where: { $0.bookCount > 1 }), let authorId = first.author.id,
       let info = try manager.authorInfo(authorId: authorId)
    {
        printTable(
            "Books of \(info.author.name)",
            header: ["Id", "Title"],
            rows: info.books.map { [$0.id.map(String.init) ?? "", $0.title] })
        if let bookId = info.books.first?.id, let bookInfo = try manager.bookInfo(bookId: bookId) {
            printTable(
                "Book \(bookId)",
                header: ["Title", "Author", "Country"],
                rows: [[bookInfo.book.title, bookInfo.author.name, bookInfo.author.country ?? "-"]])
        }
    }

    let italians = try manager.authorsWithBooks(from: "Italy")
    printTable(
        "Authors from Italy who have books",
        header: ["Id", "Name"],
        rows: italians.map { [$0.id.map(String.init) ?? "", $0.name] })
} catch {
    FileHandle.standardError.write(Data("library-demo: \(error)\n".utf8))
    exit(1)
}

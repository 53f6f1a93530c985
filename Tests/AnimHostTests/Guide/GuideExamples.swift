import Foundation
import TestSupport

/// A code block of a guide page: a fenced one (with its language) or an indented one.
struct GuideBlock {
    var page: String
    var line: Int
    var language: String?
    var lines: [String]

    var text: String { lines.joined(separator: "\n") }
    var place: String { "\(page):\(line)" }

    /// Lua a reader would paste: a fenced `lua` block, or an indented block of Lua that is not
    /// a transcript (a command, a prompt, or what animhost printed).
    var isLua: Bool {
        if language == "lua" { return true }
        guard language == nil, let first = lines.first(where: { !$0.isEmpty }) else { return false }
        let transcript = ["$ ", "scripts/", "animhost", "printf ", "> ", "FAIL", "PASS", "{"]
        if transcript.contains(where: { first.hasPrefix($0) }) { return false }
        return lines.contains { $0.hasPrefix("local ") || $0.contains("animhost.") || $0.hasPrefix("describe(") }
    }
}

/// README.md and the pages of docs/ but the generated API reference, split into their code
/// blocks.
func guideBlocks() throws -> [GuideBlock] {
    let docs = packageRoot + "/docs"
    let pages = try FileManager.default.contentsOfDirectory(atPath: docs)
        .filter { $0.hasSuffix(".md") && $0 != "lua-api.md" }.sorted().map { "docs/" + $0 }
    return try (["README.md"] + pages).flatMap { page in
        blocks(of: try String(contentsOfFile: packageRoot + "/" + page, encoding: .utf8), page: page)
    }
}

/// The code blocks of docs/lua-api.md, the reference generated from the API description.
func referenceBlocks() throws -> [GuideBlock] {
    blocks(of: try String(contentsOfFile: packageRoot + "/docs/lua-api.md", encoding: .utf8), page: "docs/lua-api.md")
}

private func blocks(of markdown: String, page: String) -> [GuideBlock] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [GuideBlock] = []
    var i = 0
    while i < lines.count {
        if lines[i].hasPrefix("```") {
            let language = String(lines[i].dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let end = lines[(i + 1)...].firstIndex { $0.hasPrefix("```") } ?? lines.count
            found.append(GuideBlock(page: page, line: i + 2, language: language, lines: Array(lines[(i + 1)..<end])))
            i = end + 1
        } else if lines[i].hasPrefix("    "), i == 0 || lines[i - 1].isEmpty {
            var end = i
            while end < lines.count, lines[end].hasPrefix("    ") || lines[end].isEmpty { end += 1 }
            var body = lines[i..<end].map { String($0.dropFirst(min(4, $0.count))) }
            while body.last == "" { body.removeLast() }
            found.append(GuideBlock(page: page, line: i + 1, language: nil, lines: body))
            i = end
        } else {
            i += 1
        }
    }
    return found
}

/// A command a guide page shows (`scripts/animhost …`, `$ scripts/animhost …`, or piped into
/// it by `printf` or by another `scripts/animhost …`), with what the page says it prints,
/// when it shows that.
struct GuideCommand {
    var place: String
    var arguments: [String]
    var stdin: String
    /// The arguments of the animhost command piped into this one (`run … | animhost check -`):
    /// its standard output is this command's input.
    var pipedFrom: [String]? = nil
    /// Lines the page shows under the command; `…` (or `...`) stands for lines left out.
    var shownOutput: [String]

    var subcommand: String { arguments.first ?? "" }
}

/// The files the guide has the reader write (a Lua block whose first line names its path,
/// `-- behaviors/switch.lua`): commands that read them run where the page writes them.
func filesTheGuideWrites() throws -> Set<String> {
    Set(try guideBlocks().compactMap { block in
        guard block.language == "lua", let first = block.lines.first,
              first.hasPrefix("-- "), first.hasSuffix(".lua") else {
            return nil
        }
        return String(first.dropFirst(3))
    })
}

func guideCommands() throws -> [GuideCommand] {
    try guideBlocks().filter { $0.language == nil }.flatMap(commands(in:))
}

private func commands(in block: GuideBlock) -> [GuideCommand] {
    var found: [GuideCommand] = []
    var i = 0
    while i < block.lines.count {
        var line = block.lines[i]
        let transcript = line.hasPrefix("$ ")
        if transcript { line.removeFirst(2) }
        let piped = line.hasPrefix("printf ") && line.contains("| scripts/animhost ")
        guard line.hasPrefix("scripts/animhost ") || piped else {
            i += 1
            continue
        }
        let start = i
        while line.hasSuffix("\\"), i + 1 < block.lines.count {
            i += 1
            line = String(line.dropLast()) + " " + block.lines[i].trimmingCharacters(in: .whitespaces)
        }
        i += 1
        var output: [String] = []
        var stdin = ""
        var pipedFrom: [String]?
        if let piped = line.range(of: "| scripts/animhost ") {
            let first = String(line[..<piped.lowerBound])
            if first.hasPrefix("scripts/animhost ") {
                pipedFrom = Array(shellWords(first).dropFirst())
            } else {
                stdin = printfText(first)
            }
            line = "scripts/animhost " + line[piped.upperBound...]
        }
        if transcript {
            while i < block.lines.count, !block.lines[i].hasPrefix("$ ") {
                let shown = block.lines[i]
                if shown.hasPrefix("> ") {
                    // A REPL line typed: the command ends where its explanation starts.
                    let typed = shown.dropFirst(2)
                    stdin += String(typed.range(of: "  ").map { typed[..<$0.lowerBound] } ?? typed) + "\n"
                } else {
                    output.append(shown)
                }
                i += 1
            }
        } else {
            // A command's output runs to the next command or a blank line.
            while i < block.lines.count, !block.lines[i].isEmpty, !block.lines[i].hasPrefix("scripts/"),
                  !block.lines[i].contains("| scripts/animhost ") {
                output.append(block.lines[i])
                i += 1
            }
        }
        let words = shellWords(line)
        found.append(GuideCommand(place: "\(block.page):\(block.line + start)", arguments: Array(words.dropFirst()),
                                  stdin: stdin, pipedFrom: pipedFrom, shownOutput: output))
    }
    return found
}

/// The words of a shell command line as the shell splits them: quotes removed, a `#`
/// comment and a `> file` redirection dropped.
func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word = "", quote: Character?, inWord = false
    for c in line {
        if let q = quote {
            if c == q { quote = nil } else { word.append(c) }
        } else if c == "'" || c == "\"" {
            quote = c
            inWord = true
        } else if c == " " {
            if inWord { words.append(word) }
            word = ""
            inWord = false
        } else if c == "#", !inWord {
            break
        } else {
            word.append(c)
            inWord = true
        }
    }
    if inWord { words.append(word) }
    if let redirect = words.firstIndex(of: ">") { words.removeSubrange(redirect...) }
    return words
}

/// What `printf 'TEXT'` writes: its argument with `\n` as a newline.
private func printfText(_ command: String) -> String {
    let words = shellWords(command)
    return words.count > 1 ? words[1].replacingOccurrences(of: "\\n", with: "\n") : ""
}

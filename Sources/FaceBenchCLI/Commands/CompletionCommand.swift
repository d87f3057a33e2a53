import FaceBenchModel

/// `facebench completion bash|zsh`: a completion script made from the commands' declared
/// options, so it never drifts from `--help`. Detector kinds (with `default` and `all`) and
/// dataset names complete after --detector and --dataset, and a kind's parameter keys after
/// `kind:` (`haar:sc` → `haar:scale=`); fixed choices after options that declare them
/// (`--format text|markdown|json`) and the words an option declares, after each comma of a
/// list (`--gate-metrics ap,rec` → `recall`), the default after numeric options (`--iou 0.5`),
/// file names only after options that take a file or folder.
enum CompletionCommand: FaceBenchCommand {
    static let spec = CommandSpec(
        name: "completion",
        abstract: "Print a shell completion script for bash or zsh.",
        discussion: """
            bash: `source <(facebench completion bash)` in ~/.bashrc, or save it as \
            /usr/share/bash-completion/completions/facebench. zsh: save it as _facebench in a folder on $fpath \
            (e.g. `facebench completion zsh > ~/.zfunc/_facebench` with `fpath+=~/.zfunc` before `compinit`).
            """,
        arguments: [ArgumentSpec(name: "SHELL", help: "bash or zsh.")],
        examples: ["source <(facebench completion bash)", "facebench completion zsh > ~/.zfunc/_facebench"])

    static func run(_ arguments: ParsedArguments, toolbox: Toolbox) throws -> Int32 {
        let shell = try CompletionOptions(arguments).shell
        let specs = FaceBenchCLI.commands.map(\.spec)
        let detectors = toolbox.registry.kinds.map(\.id) + toolbox.detectorAliases.keys.sorted()
        let datasets = toolbox.catalog.definitions.map(\.name)
        let parameterKeys = toolbox.registry.kinds.filter { !$0.parameters.isEmpty }.map { ($0.id, $0.parameters.map(\.name)) }
        switch shell {
        case .bash: StandardStreams.output(bash(specs, detectors: detectors, datasets: datasets, parameterKeys: parameterKeys))
        case .zsh: StandardStreams.output(zsh(specs, detectors: detectors, datasets: datasets, parameterKeys: parameterKeys))
        }
        return ExitStatus.success
    }

    /// What completes an option's value: detector kinds, dataset names, a fixed list, a
    /// comma-separated list of words, or files.
    enum ValueCompletion: Equatable {
        case words([String])
        case list([String])
        case wordsOrFiles([String])
        case files
    }

    static func valueCompletion(_ option: OptionSpec, detectors: [String], datasets: [String]) -> ValueCompletion? {
        let valueName: String
        switch option.kind {
        case .flag: return nil
        case let .value(name), let .repeated(name, _): valueName = name
        }
        if option.name == "detector" || option.name == "reference" { return .words(detectors) }
        if option.name == "dataset" { return .wordsOrFiles(datasets) }
        if !option.words.isEmpty { return option.kind == .repeated(valueName, commaSeparated: true) ? .list(option.words) : .words(option.words) }
        let choices = valueName.split(separator: "|").map(String.init)
        if choices.count > 1, choices.allSatisfy({ $0.allSatisfy { $0.isLowercase || $0 == "-" } }) { return .words(choices) }
        if fileValueNames.contains(where: valueName.contains) { return .files }
        // A number, a ratio, a list of counts: nothing on disk to offer; the default when it is
        // one word or ends in a number ("each protocol's standard, 0.5").
        guard let text = option.defaultText else { return .words([]) }
        if !text.contains(" ") { return .words([text]) }
        let last = String(text.split(separator: " ").last ?? "")
        return .words(Double(last) != nil ? [last] : [])
    }

    /// Value names of options that take a path.
    static let fileValueNames = ["FILE", "DIR", "PATH", "PREFIX", ".png"]

    static func bash(_ specs: [CommandSpec], detectors: [String], datasets: [String], parameterKeys: [(kind: String, keys: [String])]) -> String {
        let keyCases = parameterKeys.map { "    \($0.kind)) keys=\"\($0.keys.joined(separator: " "))\" ;;" }.joined(separator: "\n")
        var out = """
            # bash completion for facebench (facebench completion bash)
            # The candidates (after the word typed so far) that extend it; no space after one ending in '='.
            _facebench_offer() {
              local word=$1 candidate keep="" i
              shift
              COMPREPLY=()
              for candidate in "$@"; do [[ $candidate == "$word"* ]] && COMPREPLY+=("$candidate"); done
              # bash replaces only what follows the word's last word-break character (':' and '=' by default).
              for (( i=${#word}-1; i>=0; i-- )); do
                if [[ $COMP_WORDBREAKS == *"${word:i:1}"* ]]; then keep=${word:0:i+1}; break; fi
              done
              [[ "${COMPREPLY[*]} " == *"= "* ]] && compopt -o nospace 2>/dev/null
              COMPREPLY=("${COMPREPLY[@]#"$keep"}")
            }
            # A detector spec's parameter keys after `kind:`, `label=kind:` or `kind:key=value,`.
            _facebench_spec_keys() {
              local spec=${1%%:*} rest=${1#*:} head="" keys="" key
              local -a candidates=()
              [[ $rest == *,* ]] && head=${rest%,*},
              case ${spec#*=} in
            \(keyCases)
              esac
              for key in $keys; do candidates+=("$spec:$head$key="); done
              _facebench_offer "$1" "${candidates[@]}"
            }
            # A comma-separated list's next word: the words after what precedes the last comma.
            _facebench_list() {
              local head="" item
              local -a candidates=()
              [[ $1 == *,* ]] && head=${1%,*},
              for item in "${@:2}"; do candidates+=("$head$item"); done
              _facebench_offer "$1" "${candidates[@]}"
            }
            _facebench() {
              local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} word option
              # The word as typed: bash splits `haar:sc` at ':' into three words.
              if [[ -n ${COMP_LINE-} ]]; then
                local line=${COMP_LINE:0:COMP_POINT}
                word=${line##*[[:space:]]}
                line=${line%"$word"}
                line=${line%"${line##*[![:space:]]}"}
                option=${line##*[[:space:]]}
              else
                word=$cur option=$prev
              fi
              if [[ $option == --detector && $word == *:* ]]; then _facebench_spec_keys "$word"; return; fi
              if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\(specs.map(\.name).joined(separator: " ")) help --help --version" -- "$cur"))
                return
              fi
              local options=""
              case ${COMP_WORDS[1]} in
                help) COMPREPLY=($(compgen -W "\(specs.map(\.name).joined(separator: " "))" -- "$cur")); return ;;

            """
        for spec in specs {
            out += "    \(spec.name))\n      options=\"\((spec.options.map(\.flagName) + ["--help"]).joined(separator: " "))\"\n"
            // A list's word holds '=' and ',', so the option is the word before it as typed, not $prev.
            var listCases: [String] = []
            var cases: [String] = []
            for option in spec.options {
                switch valueCompletion(option, detectors: detectors, datasets: datasets) {
                case nil: continue
                case let .list(words)?:
                    listCases.append("        \(option.flagName)) _facebench_list \"$word\" \(words.joined(separator: " ")); return ;;")
                case let .words(words)? where words.isEmpty:
                    cases.append("        \(option.flagName)) COMPREPLY=(); return ;;")
                case let .words(words)?:
                    cases.append("        \(option.flagName)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;")
                case let .wordsOrFiles(words)?:
                    cases.append("        \(option.flagName)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\") $(compgen -f -- \"$cur\")); return ;;")
                case .files?:
                    cases.append("        \(option.flagName)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
                }
            }
            if !listCases.isEmpty { out += "      case $option in\n" + listCases.joined(separator: "\n") + "\n      esac\n" }
            if !cases.isEmpty { out += "      case $prev in\n" + cases.joined(separator: "\n") + "\n      esac\n" }
            out += "      ;;\n"
        }
        out += """
              esac
              if [[ $cur == -* ]]; then
                COMPREPLY=($(compgen -W "$options" -- "$cur"))
              else
                COMPREPLY=($(compgen -f -- "$cur"))
              fi
            }
            complete -o filenames -F _facebench facebench

            """
        return out
    }

    static func zsh(_ specs: [CommandSpec], detectors: [String], datasets: [String], parameterKeys: [(kind: String, keys: [String])]) -> String {
        func quoted(_ text: String) -> String {
            text.replacingOccurrences(of: "'", with: "'\\''")
        }
        func described(_ text: String) -> String {
            // Brackets and colons end a description in _arguments specs.
            quoted(text.replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")").replacingOccurrences(of: ":", with: " -"))
        }
        let keyCases = parameterKeys.map { "    \($0.kind)) keys=(\($0.keys.joined(separator: " "))) ;;" }.joined(separator: "\n")
        var out = """
            #compdef facebench
            # zsh completion for facebench (facebench completion zsh)

            # Detector kinds, and a spec's parameter keys after `kind:`, `label=kind:` or `kind:key=value,`.
            _facebench_detector() {
              local spec=${PREFIX%%:*} rest head=""
              local -a keys
              if [[ $PREFIX != *:* ]]; then
                compadd -- \(detectors.joined(separator: " "))
                return
              fi
              rest=${PREFIX#*:}
              [[ $rest == *,* ]] && head=${rest%,*},
              case ${spec#*=} in
            \(keyCases)
              esac
              # What precedes the key is matched but not listed; no space after the '='.
              compadd -p "$spec:$head" -S '' -- ${^keys}=
            }

            _facebench() {

            """
        out += "  local -a commands\n  commands=(\n"
        for spec in specs { out += "    '\(spec.name):\(described(spec.abstract))'\n" }
        out += "  )\n  if (( CURRENT == 2 )); then\n    _describe 'command' commands\n    return\n  fi\n"
        out += "  local command=$words[2]\n  shift words\n  (( CURRENT-- ))\n  case $command in\n"
        out += "    help) _describe 'command' commands ;;\n"
        for spec in specs {
            var arguments = ["'--help[Show this help.]'"]
            for option in spec.options {
                let repeatable: String
                if case .repeated = option.kind { repeatable = "*" } else { repeatable = "" }
                let help = "[\(described(option.help))]"
                switch valueCompletion(option, detectors: detectors, datasets: datasets) {
                case nil: arguments.append("'\(option.flagName)\(help)'")
                case _ where option.name == "detector": arguments.append("'\(repeatable)\(option.flagName)\(help):spec:_facebench_detector'")
                case let .words(words)? where words.isEmpty: arguments.append("'\(repeatable)\(option.flagName)\(help):value: '")
                case let .words(words)?: arguments.append("'\(repeatable)\(option.flagName)\(help):value:(\(words.joined(separator: " ")))'")
                case let .list(words)?:
                    // _values takes a word ending in '=' as one with an argument after the '='.
                    let values = words.map { $0.hasSuffix("=") ? "\"\($0.dropLast()):\(option.name): \"" : $0 }
                    arguments.append("'\(repeatable)\(option.flagName)\(help):value:_values -s , \(option.name) \(values.joined(separator: " "))'")
                case let .wordsOrFiles(words)?:
                    arguments.append("'\(repeatable)\(option.flagName)\(help):value:{_alternative \"names:name:(\(words.joined(separator: " ")))\" \"files:file:_files\"}'")
                case .files?: arguments.append("'\(repeatable)\(option.flagName)\(help):value:_files'")
                }
            }
            arguments.append("'*:file:_files'")
            out += "    \(spec.name))\n      _arguments -s \\\n        " + arguments.joined(separator: " \\\n        ") + " ;;\n"
        }
        out += "  esac\n}\n\n_facebench \"$@\"\n"
        return out
    }
}

extension OptionSpec {
    var flagName: String { "--" + name }
}

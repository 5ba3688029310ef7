# The manual as swift-argument-parser's generate-manual writes it (mdoc), made clean for man and groff:
# every subcommand's --version and --help entries are left out (the first, pophost's own, stays), a blank
# line (which mdoc warns about: "Empty input line") becomes a paragraph break, an "Example:" starts a
# paragraph, and the indented lines of an example are kept as a literal block.
#
#   awk -f scripts/pophost-manual.awk pophost.1 > fixed.1
function put(line) { print line; last = line }
function end_example() { if (example) { put(".Ed"); example = 0 } }
skip { skip = 0; if ($0 !~ /^\./) next }
/^\.It Fl -version$/ || /^\.It Fl h , -help$/ { if (seen[$0]++) { skip = 1; next } }
/^  / { if (!example) { put(".Bd -literal -offset indent"); example = 1 } sub(/^  /, ""); put($0); next }
{ end_example() }
/^$/ { put(".Pp"); next }
/^Example:$/ && last !~ /^\./ { put(".Pp") }
{ put($0) }
END { end_example() }

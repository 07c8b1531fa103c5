package detect

import (
	"regexp"
	"slices"
	"strings"

	"github.com/faultline-go/faultline/errkind"
)

// The category rules say what an error is from its words, across
// languages and tools: seed 003's categories, widened. They are tried on
// the line that says what went wrong first, then on the whole block. The
// specific rules — phrases that decide a category whatever exception
// carries them ("does not provide an export named" in a SyntaxError, a
// missing module, a vet finding) — come before the generic ones (the
// exception's class, a bare word); within a tier the first match wins.
// The precedence, in full: a specific phrase on the head line; the
// exception class the head names; a specific phrase anywhere in the block;
// a weak word on the head line; a weak word in the block; the family's
// default (a compiler's finding is a build error, a traceback a crash).
var specificCats = []errkind.Category{
	errkind.CategoryUnknown,    // a command or script that does not exist: nothing to say what
	errkind.CategoryBuild,      // a missing dependency or module, or one the package manager cannot resolve (no version, no candidates, conflicting dependencies, a gem not found); a tool's step that failed
	errkind.CategoryBuild,      // static analysis findings: go vet's analyzers
	errkind.CategoryType,       // what a language's types rule out, whatever reports it: a failed static_assert, a method called on nil
	errkind.CategoryTest,       // a test framework's own failures
	errkind.CategoryReference,  // names that do not exist, whatever exception says so
	errkind.CategoryType,       // type checkers' and compilers' type errors
	errkind.CategorySyntax,     // input that does not parse: JSON, YAML, config
	errkind.CategoryFilesystem, // the system's own words for a missing or forbidden file, whatever the operation was
	errkind.CategoryNetwork,    // the network, whatever exception carries it
	errkind.CategoryFilesystem, // files
	errkind.CategoryRuntime,    // crashes, and values a program refuses
}

var specificPatterns = []string{
	`command not found|does not appear to be a git repository$|^go: no such tool "[^"]+"$|^(?:make(?:\[\d+\])?|xargs): [^\s/:]+: No such file or directory$|unknown command "[^"]+" for "|executable file not found in \$PATH|failed to run command [‘'"][^’'"]+[’'"]: No such file or directory|(?:^|: )env: [‘'][^’']+[’']: No such file or directory|CONFLICT \(\w+\)|[Mm]erge conflict in |could not apply [0-9a-f]{7,}|[Uu]nknown command '|npm error Missing script|npm ERR! Missing script|^[\w./-]+: \d+: [^:\s]+: not found$`,
	`ModuleNotFoundError|No module named|Start directory is not importable|[Uu]nmet (?:build )?dependencies|held broken packages|but it is not installable|returned exit (?:code|status) \d+|^Error: running ".*" failed with exit code \d+$|[Ff]ailed to run task ["']|Command failed with status \(\d+\)|Could not resolve "[^"]+"$|Do you need to install type\b|npm (?:error|ERR!) (?:command failed|code EUSAGE)\b|there is no package called|[Cc]ould not find or load main class|build stopped: subcommand failed|returned an? (?:error|non-zero) exit ?code|[Cc]annot find module|[Cc]annot find package|cannot load such file|Can't locate \S+\.pm in @INC|\(LoadError\)|no required module provides package|module lookup disabled|cannot find module providing|missing go\.sum entry|ERESOLVE|[Cc]ould not resolve dependenc|unable to resolve dependency|error TS2307\b|Unable to resolve (?:module|dependency)|requires go >= |Could not find artifact|package \S+ does not exist|Could not find a version that satisfies|Could not find a package configuration|Could NOT find|Unable to locate package|has no installation candidate|module '\S+' not found|No matching distribution found|aborting due to \d* ?previous error|could not compile|[Cc]ompilation fail(?:ed|ure)|Execution failed for task|BUILD FAILED|linking with .* failed|make(?:\[\d+\])?: \*\*\*|completed with exit code|^(?:ERROR: )?Job failed: exit code \d+|npm (?:error|ERR!) (?:code )?E404\b|fatal error: \S+\.h(?:pp|h)?: No such file or directory|'[^']+\.h(?:pp|h)?' file not found|[Cc]annot access \S+ (?:\(\S+\) )?in offline mode|in offline mode and the artifact|Could not find (?:a valid )?gem\b|Module not found: |Can't resolve '[^']+' in '|scons: \*\*\* |^CMake Error\b|No matching version found|No candidates found|conflicting dependencies|ResolutionImpossible|can't be resolved to a satisfying range|present in your lockfile`,
	`format %\S+ has arg|build constraints exclude all Go files|^E: [\w.+-]+: [a-z0-9]+(?:-[a-z0-9]+)+(?: |$)|must be a non-nil pointer to either a type|yields a string of one rune|called from inside new goroutine|direct assignment to atomic value|suspect (?:or|and):|using \w+ before checking for errors|the cancel function (?:returned by|is not used)|comparison of function \S+ [!=]= nil is always|too small for shift of|should have signature|from a non-test goroutine|call to time\.Since is not deferred|should be a string or a slog\.Attr|does not work with IPv6|misuse of unbuffered os\.Signal channel|should be 2006-01-02|append with no values|[Ii]mports are incorrectly sorted|reads arg #\d+|possible Printf formatting|self-assignment of|redundant (?:or|and):|should be called, not discarded|not compatible with reflect\.StructTag|passes non-pointer|passes lock by value|copies lock|unreachable code|result of \S+ call not used|possible misuse of|composite literal uses unkeyed|loop variable \S+ captured|declared and not used|imported and not used|\beqeqeq\b|\bno-unused-vars\b|\bprefer-const\b|missing return|redeclared in this block|import cycle not allowed|inconsistent vendoring`,
	`static assertion failed|deleted (?:function|operator|constructor)\b|FunctionClauseError|no function clause match|(?:attribute|member) of "?None"?|use of deleted function|undefined method [` + "`" + `'][^']*' for nil\b|for nil:NilClass|Item "None" of "|on a nullable receiver|'NoneType' object has no attribute|Cannot (?:invoke|read field|assign field|load from|store to|read the array length) "?[^"]*"? because\b|cannot be used as a function|not supported for (?:types|operand)|cannot be cast to|ClassCastException|no type named|[Cc]annot index \w+ with|but an expression was expected of type`,
	`There are test failures|\bSnapshot [` + "`" + `'"][^` + "`" + `'"]+[` + "`" + `'"] mismatched\b|found unexpected goroutines|\bcoverage\b.*\bbelow (?:the )?(?:required|minimum|threshold)\b|^error: \d+ targets failed:$|did not panic as expected|panic did not contain expected string|\bcheck \S.* has failed\b|There were failing tests|is less than fail-under|[Cc]overage .*does not meet .*threshold|Coverage failure|Failed asserting that|Failure/Error: expect|Timeout of \d+ms exceeded|AssertionError|AssertionFailedError|ComparisonFailure|[Aa]ssertion failed|Expected values to be strictly|expected .* to (?:be|equal|deep|have|include|contain)|toBe\(|toEqual\(`,
	`does not provide an export named|ColumnIdentifierError|\b(?:template|function) \\?"[^"\\]+\\?" not defined\b|can't evaluate field \w+|no values defined for types?: |^fatal: invalid reference: |implicit declaration of function|doesn't provide model '|relation with model '[^']+', which is either not installed|could not determine what C\.\S+ refers to|has no key ["'][^"']+["']|Unknown column '|Unknown database '|Table '[^']+' doesn't exist|lateinit property \S+ has not been initialized|Named export '[^']+' not found|[Pp]roperty '[^']+' does not exist on|error TS2339\b|["'‘][\w.]+["'’] is undefined|\bno property ["'‘]|[Uu]nknown procedure|object '[^']+' not found|unable to find required|(?:type|namespace|name|symbol|variable|function|procedure|method|class) (?:or namespace name )?\W?[\w.]+['"’]? (?:could not be|was not) found|is not defined|has no IMPLICIT type|[Ff]unction \S+ not defined\b|field does not exist: |no member named|is not a member of|undeclared identifier|[Uu]nbound (?:value|variable|module|constructor|record field)|variable '[^']+' is unbound|[Cc]annot find (?:name|symbol|value|function|type|macro|crate)|undefined: |[Uu]ndefined (?:variable|method|local variable or method|name|function|constant|index|offset|subroutine|reference to)|Call to undefined|Class "[^"]+" not found|Can't locate object method|Can't locate revision identified by|required flag\(s\) .* not set|refers to '[^']+', which (?:is not|does not refer)|Undefined subroutine|Global symbol "\S+" requires explicit package name|unbound variable|undeclared name|not declared by package|unknown field [^"\s]|cannot refer to unexported|unresolved (?:import|reference|name)|[Uu]nresolved reference|not found in (?:this )?scope|has no (?:attribute|member|field or method)|\bundeclared\b|not declared|does not exist in the current context|uninitialized constant|NameError|ReferenceError|NoMethodError|AttributeError|NoSuchMethodError|NoClassDefFoundError|ClassNotFoundException|error TS230[4-6]\b|error TS2552\b|error\[E04(?:25|33|12|32)\]|(?:column|relation|table|database|schema|function|role|sequence|index) "[^"]+" (?:[a-z][a-z ]{0,48} )?does not exist|(?:function|procedure) [\w.]+\([\w ,."\[\]]*\) does not exist|parameter null or not set|parameter not set|\b[A-Z][A-Z0-9_]{2,} must be set\b|\b[A-Z][A-Z0-9_]{2,} is not set\b|no such (?:table|column|function|index|view): |has no column named |No matching export in "|missing required variables?: |missing required field "|\bUndefined type \w|\bmap key "[^"]+" not found|[Cc]annot find [\x60'"]?[\w.]+[\x60'"]? in this scope|\b(?:interface|type|struct|method|field) [\w.]+ does not exist\b|\b(?:[Tt]ask|[Tt]arget|[Jj]ob) ["'][^"']+["'] does not exist|[Nn]o matching script\b|[Nn]ot in scope|not found: (?:value|type|object|method) |undefined identifier|[Ii]dentifier not found|no method named|function \S+/\d+ undefined|\((?:no-member|undefined-variable|no-name-in-module)\)$`,
	`cannot assign to|cannot set with -X: not a var of type string|outside a type constraint|(?:not enough|too many) type arguments for\b|is not a generic (?:type|function)\b|conflicting types for|should not return a value|return with a value, in function returning void|void value not ignored|cannot return null for non-null field|accepts \d+ arg\(s\), received \d+|expected type ["'‘]|bad operand types? for binary operator|no suitable (?:method|constructor) found|expression must be exhaustive|cannot define new methods on|is not of type '|cannot infer (?:[A-Z]\w*|type arguments?)\b|does not match inferred type|got \d+ type arguments?|without instantiation|in single-value context|impossible type (?:assertion|switch case)|use of untyped nil|cannot (?:index|slice|range over|call non-function)\b|invalid map key type|invalid composite literal|generic array creation|no value passed for parameter|Cannot iterate over (?:null|an? (?:number|string|boolean|object))|\bmust be (?:strings|numbers|arrays|objects)\b|not within bounds|is not a valid value of the (?:atomic|list|union) type|invalid '?type'? \(|non-numeric argument|assignment mismatch|[Cc]ouldn't match (?:expected )?type|[Cc]ouldn't match kind|is an abstract class|does not match required type|no viable (?:conversion|overloaded)|wrong kind of value|value is not (?:an integer|a valid float)|non-boolean condition|invalid argument|is not a type|of wrong type|[Tt]ype mismatch|mismatched types|(?i:\bincompatible (?:\w+ )?(?:types?|units)\b)|has incompatible type|Unsupported operand types?|attempt to (?:perform arithmetic on|index|call|concatenate|compare) (?:a |two )?\w+ values?|is not assignable|cannot use .* as|invalid operation|too (?:many|few) arguments|wrong number of arguments|takes \d+ (?:positional )?arguments? but \d+|does not satisfy \S+|cannot be (?:added|subtracted|multiplied|divided|compared)\b|not enough arguments|not enough return values|too many return values|can(?:'t| ?not) be coerced|can not be a value of a non-null type|no match for|no matching (?:function|constructor|member)|conversion from .* to non-scalar type|invalid operands|invalid conversion|cannot convert|[Cc]annot (?:implicitly )?convert|must be of type|does not implement|[Ww]rong type|cannot unmarshal \S+(?: \x60[^\x60]*\x60)? into|error TS(?:2|7|18)\d{3}\b|error\[E0(?:308|277|282|283|368|369|061|060|614|605|606|620)\]|is not a function|is not iterable|undefined is not|null is not|[Cc]annot read propert(?:y|ies) of (?:undefined|null)|Can't call method "\S+" on (?:an undefined|unblessed)|on null|NoneType`,
	`missing separator|must contain complete functions or rules|\[PARSE_ERROR\]|record on line \d+: wrong number of fields|invalid regexp for element \d|^template: [^:\s]+:\d+(?::\d+)?: (?:unclosed action|unexpected|unterminated|bad character|missing value for)|need path@version\b|\bmethod must have no type parameters\b|^"[^"]+":\d+: bad (?:minute|hour|day-of-month|month|day-of-week|command|username)\b|^Expected Name, found |yaml: unmarshal errors|\bdecode \S+\.(?:ya?ml|json|toml): |does not match the expected JSON schema|[Ff]ailed to parse \S+\.(?:toml|json|ya?ml|ini|cfg|xml)\b|[Uu]nclosed (?:inline table|array|table|string|bracket|quote)\b|Additional properties are not allowed|[Bb]ad configuration option|SC1\d{3} \(error\): |SC1\d{3} \(warning\): |json: unknown field "|Unexpected key "[^"]+" found|not supported in flat config|[Uu]nknown (?:linters?|rules?|plugins?|keys?|settings?|options?): ['"]|[Ee]xpected ["'][^"'\s]{1,4}["'] but found\b|\d+ error\(s\) decoding:|Lint/Syntax\b|You have an error in your SQL syntax|Schemas (?:validity|parser) error : Element '[^']+': (?:This element is not expected|The attribute '[^']+' is required)|duplicate location "|directive is not allowed here|configuration file \S+ test failed|[Nn]o such option\b|unknown (?:flag|option|shorthand flag): |: invalid option\b|bad substitution|Module parse failed|Data corruption detected|premature end\b|^STATIC ERROR: |JSONDecodeError|invalid character '.{1,4}' (?:looking for beginning|after|in)\b|unexpected end of JSON input|[Ee]xpected ["'][^"'\s]{1,3}["']\.?$|\bmissing ["'][^"'\s]{1,2}["']$|reached (?:EOF|end of (?:file|input)) without|must end with ["']|unknown keyword '|JSON\.parse|in JSON at position|Unexpected token .* in JSON|Expecting (?:property name|value|',' delimiter)|EJSONPARSE|invalid JSON|YAMLError|YAMLException|yaml: line \d+|non-declaration statement outside function body|missing ',' |unknown directive|errors parsing go\.mod|ParserError|ScannerError|TOMLDecodeError|not terminated by|invalid parameter "|Invalid command '|was not closed|[Uu]nclosed '|:\d+:? unknown (?:option|directive|keyword)\b|(?:unary|binary) operator expected|integer expression expected|near end of file|Unmatched '.'|[Uu]nterminated |[Tt]ag mismatch|Premature end of data|parser error|Invalid expression\b`,
	`[Nn]o such file or directory|[Pp]ermission denied|destination path '[^']+' already exists|^fatal: '[^']+' already exists$|unable to open database file|attempt to write a readonly database|\s/[\w./-]+ is missing$|\bneither '[^']+' nor '[^']+' found\b|^[\w./-]+\.\w+ (?:is )?missing$|: Not found in archive$|[Cc]annot read file ['"]|\bdirectory \S+ does not exist\b|\S+ directory does not exist\b|[Cc]ouldn't find (?:an? |the )?\S*config\S* file|: bad permissions$|\bare too open\b|\bFile ['"][^'"]+['"] not found|Unable to access jarfile|[Nn]ot a directory|[Ii]s a directory|\bis forbidden\b|['"](?:/|\./|~/)[^'"]*['"] does not exist|(?:path|file|directory) "[^"]+" does not exist|cannot find or open|[Cc]an(?:not|'t) open (?:file )?["'][^"']+["']`,
	`^(?:(?:\d{4}-\d\d-\d\d \d\d:\d\d:\d\d )?ERROR )?[45]\d\d: [A-Z][A-Za-z -]+\.$|ECONNREFUSED|[Kk]eyserver|\b(?:Get|Post|Put|Patch|Delete|Head) \\?"https?://[^"\\]+\\?": (?:EOF|unexpected EOF)|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRINUSE|(?i:connection ?(?:refused|reset|aborted|closed by|lost)|refused (?:the )?connection|lost connection|connectionerror|connecterror|connectexception|unknownhostexception|sockettimeoutexception|unknown ?host|no such host|name or service not known|temporary failure in name resolution|temporary failure resolving|could not resolve host|getaddrinfo|failed to (?:connect|establish a new connection)|couldn't connect|could not connect|network (?:is )?unreachable|no route to host|dial tcp|i/o timeout|(?:connect|connection|read|request|socket|gateway|upstream|handshake|proxy)\w*\s+(?:timed out|timeout)|deadline exceeded|address already in use|bind: |fetch failed|socket hang up|tls handshake|certificate verify failed|ssl(?:error|: )|max retries exceeded|connect call failed|http/\d(?:\.\d)? [45]\d\d\b|newconnectionerror|could not transfer artifact|could not read from remote repository|unable to access '|ssh: connect to host|remote end hung up|(?:^|[^:\w.])(?:429|502|503|504|529)\b|too many requests|service unavailable|bad gateway|rate.?limit|overloaded_error|(?:is|are|was|currently|temporarily|server|service|api|upstream|\d{3})\s+overloaded\b|api error|host not found|upstream prematurely closed|no live upstreams|unable to resolve host|certificate's altnames|err_tls_|self[- ]signed certificate|unable to verify the first certificate|unable to get local issuer certificate|ssl certificate problem|certificate has expired|no alternative certificate subject name|returned (?:error: |HTTP |status (?:code )?)?[45]\d\d\b|\b(?:get|post|put|patch|delete|head) /\S* -> [45]\d\d\b|\bfailed: http [45]\d\d\b|Empty reply from server|unexpected (?:http )?status(?: code)?:? [45]\d\d\b|\bx509: |\btls: (?:failed to verify|bad certificate|handshake failure|unknown certificate|first record does not look like))|audit endpoint returned an error|rpc error: code = (?:Canceled|Unknown|InvalidArgument|DeadlineExceeded|NotFound|AlreadyExists|PermissionDenied|ResourceExhausted|FailedPrecondition|Aborted|OutOfRange|Unimplemented|Internal|Unavailable|DataLoss|Unauthenticated)\b|  Code: (?:Canceled|Unknown|InvalidArgument|DeadlineExceeded|NotFound|AlreadyExists|PermissionDenied|ResourceExhausted|FailedPrecondition|Aborted|OutOfRange|Unimplemented|Internal|Unavailable|DataLoss|Unauthenticated)\b`,
	`FileNotFoundError|not a git repository\b|\bno \.\w+ files (?:were )?(?:found|targeted)\b|Cannot find source file|Source [` + "`" + `'‘][^'’]+['’] not found|\benoent\b|\b(?:dir|directory|file|folder) (?:is )?missing\b|NoSuchFileException|FileNotFoundException|: directory not found$|PermissionError|IsADirectoryError|NotADirectoryError|AccessDeniedException|[Nn]o such file|ENOENT|EACCES|EISDIR|EROFS|ENOSPC|[Pp]ermission denied|[Ff]ile not found|[Ff]ile does not exist|[Rr]ead-only file system|[Oo]peration not permitted|[Nn]o space left on device|: file exists$|: is a directory$|: not a directory$|[Dd]irectory not empty|: too many open files$|: disk quota exceeded$|[Dd]isk (?:is )?full|Failed to open stream|Failed opening required|[Cc]annot stat|"[^"]+": not found|Errno::E(?:NOENT|ACCES)|\b[Ff]ile \S+ does not exist|\bis read-only\b|no matching files found|\bcannot open: \S|[Cc]an(?:not|'t) open (?:file )?\S+\.\w+$`,
	`[Dd]ivision by (?:zero|0)|\bvalue \S+ out of range\b|\bdatabase (?:table )?is locked\b|^OOM command not allowed\b|[Dd]irty database version \d+|^invalid (?:boolean )?value "[^"]*" for (?:flag )?-\S+: parse error|contains null values|invalid input value for enum|(?:integer|time|boolean|numeric) value invalid|invalid (?:time|integer|boolean|numeric) value|unsupported option "[^"]+"\.$|(?:relation|type|table|index|sequence|function|schema|database|role|constraint|extension|view|trigger) "[^"]+"(?: for relation "[^"]+")? already exists|multiple primary keys for table|duplicate column name: |table \S+ already exists|gzip: \S+: unexpected end of file|Unexpected EOF in archive|not in gzip format|This does not look like a tar archive|End-of-central-directory signature not found|cannot find zipfile directory|canceling statement due to|^(?:[A-Z]+:asyncio:)?Unclosed (?:client session|connector|file|socket|transport|event loop)\b|[Dd]ivide by zero|: runtime error: |AddressSanitizer|LeakSanitizer|ThreadSanitizer|[Ss]egmentation fault|Aborted|core dumped|UnhandledPromiseRejection|[Uu]nhandled promise rejection|Unhandled '.*' event|Exception in thread|[Uu]ncaught|panic: |fatal error: all goroutines|DATA RACE|check constraint .* is violated|^RUNTIME ERROR: |^Runtime error \(func=|violates (?:unique|not-null|foreign key|check|exclusion) constraint|(?:UNIQUE|NOT NULL|FOREIGN KEY|CHECK|PRIMARY KEY) constraint failed|duplicate key value|Duplicate entry '|Data too long for column|value is out of range in|invalid input syntax for|invalid literal for \w+\(\)|strconv\.\w+: parsing|invalid duration|\bmust be an? (?:\w+ )?value\b|\bmust be (?:one of\b|(?:positive|non-negative|negative|greater than|less than|at least|at most|between)\b|[<>]=? )`,
}

// The generic rules: exception classes and words. The syntax words
// include a parser's own complaints ("Couldn't parse", "Cannot parse",
// "Expected 'fi'.", "expected ')' and instead saw", "(to close '{'"): on
// a compiler's or linter's head line they say the input does not parse.
var genericCats = []errkind.Category{
	errkind.CategoryTest,
	errkind.CategorySyntax,
	errkind.CategoryReference,
	errkind.CategoryFilesystem,
	errkind.CategoryType,
	errkind.CategoryNetwork,
	errkind.CategoryRuntime,
	errkind.CategoryBuild,
}

var genericPatterns = []string{
	`assert(?:_eq|_ne)?!|assertion ` + "`" + `|expect\(|--- FAIL|^FAIL\b|^not ok\b|Tests run: .*Failures: [1-9]|\b[1-9]\d* (?:failed|failing)\b|^FAILED\b|(?i:test failed|test failures)`,
	`SyntaxError|ParseError|[Ss]yntax error|[Pp]arse error|[Pp]arsing error:|IndentationError|TabError|[Uu]nexpected token|unexpected symbol|unexpected (?:end of|EOF|newline|identifier|indent|end-of-input|keyword)|expected .*(?:, found|but found|before)|expected ['‘][^'’]{1,3}['’] after|expected one of|'[^']{1,3}' expected|^\S+:\d+:\d+: error: expected (?:expression|identifier|unqualified-id|declaration|statement|member name)\b|unterminated|error TS1\d{3}\b|invalid character|illegal start of|[Cc]ouldn't parse|[Cc]annot parse|and instead saw|\(to close '|[Ee]xpected '[^']+'(?: matching|\.)|[Cc]ouldn't find '[^']+' for|[Ee]xpected end of\b|\bexpecting (?:[\])}'";,]|end\b)`,
	`ModuleNotFoundError|ImportError`,
	`EPIPE|[Bb]roken pipe|[Dd]isk quota|[Ii]s a directory|[Nn]ot a directory|[Tt]oo many open files`,
	`[Tt]ype error|TypeError|ClassCastException`,
	`(?i)timed out|\btime ?out\b|network|http error|status code 5\d\d`,
	`panic|fatal error:|exception error:|no match of right hand side|[Ss]egmentation fault|SIGSEGV|SIGABRT|SIGBUS|core dumped|NullPointerException|ZeroDivisionError|IndexError|KeyError|ValueError|RuntimeError|RecursionError|OverflowError|MemoryError|[Oo]ut of memory|OutOfMemoryError|StackOverflowError|[Ss]tack overflow|ArithmeticException|IllegalStateException|IllegalArgumentException|\bIndexOutOfBounds|ArrayIndexOutOfBounds|NumberFormatException|UnsupportedOperationException|ConcurrentModificationException|RangeError|DivisionByZeroError|ArgumentError|ZeroDivisionError|\bKilled\b|Fatal error: exception\b|[Uu]nhandled exception|nil map|nil pointer|deadlock|unreachable|Assertion .* failed`,
	`(?i:\bbuild failed|\bbuild failure|compilation (?:error|terminated)|failed to compile)|linker|undefined reference|unrecognized command[- ]line option|ld returned|collect2|error\[E\d+\]|error TS\d+|cannot find -l|^go: |^configure: error: |is required to (?:build|compile)|compiler cannot create executables`,
}

// allRules is both tiers in one set, the specific rules first: one pass
// of the prefilter over a text serves both.
var allRules = newCatSet(append(slices.Clip(specificCats), genericCats...), append(slices.Clip(specificPatterns), genericPatterns...)...)

// nSpecific is how many of allRules' alternatives are specific: they come
// first.
var nSpecific = alternatives(specificPatterns)

// classRule tells the alternatives of allRules that name an exception
// class ("ValueError"), not a word.
var classRule = func() []bool {
	c := make([]bool, len(allRules.cats))
	for i, re := range allRules.rules.res {
		c[i] = exceptionClassRe.MatchString(re.String())
	}
	return c
}()

// perlCompileRe is the start of Perl's compile-time diagnostics, which end
// as its die messages do.
var perlCompileRe = regexp.MustCompile(`^(?:\w+ found where operator expected|syntax error at|Global symbol|BEGIN failed|Execution of \S+ aborted|Missing right curly|Unmatched right curly|Can't find string terminator|Bareword "[^"]*" not allowed|Illegal declaration|Can't locate)`)

// mockFailRe is testify/mock's panic on a call it was not told to expect.
var mockFailRe = regexp.MustCompile(`\bmock: (?:Unexpected Method Call|I don't know what to return because)`)

// specificRules returns the category the specific rules give t, or "".
func specificRules(t string) errkind.Category {
	if i := allRules.rules.firstIn(t, allRules.rules.candidates(t), 0, nSpecific); i >= 0 {
		return allRules.cats[i]
	}
	return ""
}

// matchRules returns the category the rules give t, or "".
func matchRules(t string) errkind.Category {
	return allRules.first(t)
}

// What a test's report may hold that says more than "a test failed": an
// exception other than an assertion's (maybe a TAP diagnostic's field:
// "name: 'TypeError'"), a panic.
var (
	reportExceptionRe = regexp.MustCompile(`^\s*(?:E\s+|Uncaught |thrown: |actual: |(?:name|type): '?)?(?:[\w$]+\.)*([A-Z][\w$]*(?:Error|Exception))\b|^\s*(?:\S+\.go:\d+: )?panic: `)
	qualifiedExcRe    = regexp.MustCompile(`^E\s+(?:[a-z_][a-z0-9_]*\.)+[A-Z][A-Za-z0-9_]*: `)
	testCrashRe       = regexp.MustCompile(`thrown in the test body|^due to unexpected exception\b|\btest panicked: runtime error: `)
	assertionRe       = regexp.MustCompile(`^Assert|ComparisonFailure|^AssertionFailed`)
	summaryNameRe     = regexp.MustCompile(`^(?:FAILED|FAIL|ERROR)\s+\S+(?:\s+-\s+)?`)
)

// categorize returns the category of a finding from the line that says
// what went wrong, then its block, then the Go toolchain's wording. A test
// report is a test failure unless it holds a crash: the exception or panic
// that ended the test says more.
// importIssueCat is the category of golangci-lint's "could not import x
// (-: # x" issue: the kind of the compiler's errors it quotes when they
// are all of one kind ("undefined: total": reference_error), else the
// import that failed to build.
func importIssueCat(block []string) errkind.Category {
	var cat errkind.Category
	for _, l := range block[1:] {
		t := strings.TrimSpace(l)
		n := diagnosticLen(t)
		if n == 0 {
			continue
		}
		c := matchRules(clip(strings.TrimSuffix(t[n:], " (typecheck)")))
		if c == "" || cat != "" && c != cat {
			return errkind.CategoryBuild
		}
		cat = c
	}
	if cat == "" {
		return errkind.CategoryBuild
	}
	return cat
}

// withoutQuotedSource returns a diagnostic's block without the source
// lines it quotes over a caret ("\t\tp.Submit(worker.Job{Timeout: t})"
// over "\t\t  ^"): code, whose words say nothing of what went wrong.
func withoutQuotedSource(text string, block []string) []string {
	if diagnosticLen(text) == 0 {
		return block
	}
	quoted := false
	for _, l := range block[1:] {
		if strings.ContainsAny(l, "^~") && caretRe.MatchString(l) {
			quoted = true
			break
		}
	}
	if !quoted {
		return block
	}
	var out []string
	for j := 0; j < len(block); j++ {
		if j+1 < len(block) && strings.ContainsAny(block[j+1], "^~") && caretRe.MatchString(block[j+1]) && strings.TrimSpace(block[j]) != strings.TrimSpace(text) {
			j++ // the source line and its caret
			continue
		}
		out = append(out, block[j])
	}
	if out == nil {
		return block
	}
	return out
}

// thrownCat is the category of a JavaScript error by its class alone, on
// the line that names it ("SyntaxError: Unexpected token", "Error: x").
func thrownCat(l string) errkind.Category {
	switch t := strings.TrimSpace(l); {
	case strings.HasPrefix(t, "SyntaxError"):
		return errkind.CategorySyntax
	case strings.HasPrefix(t, "TypeError"):
		return errkind.CategoryType
	case strings.HasPrefix(t, "ReferenceError"):
		return errkind.CategoryReference
	}
	return errkind.CategoryRuntime
}

func categorize(f finding, block []string) errkind.Category {
	switch {
	case f.kind == kindSummary:
		if c := matchRules(summaryNameRe.ReplaceAllString(clip(f.text), "")); c != "" && c != errkind.CategoryBuild {
			return c
		}
		return errkind.CategoryTest
	case len(block) > 1 && strings.Contains(block[0], ": could not import ") && strings.Contains(block[0], " (-: # "):
		return importIssueCat(block)
	case len(block) > 1 && vitestCaught(block[0]):
		// What vitest caught outside a test, thrown or rejected while the
		// run went on: its class says what kind of error, whatever its
		// message names.
		return thrownCat(block[1])
	case f.fam == famGoJSON:
		if strings.Contains(clipJoin(block), `"Output":"panic: `) {
			return errkind.CategoryRuntime
		}
		return errkind.CategoryTest
	case f.fam == famTest && f.text != "" && strings.HasSuffix(f.text, " FAILED"):
		// Gradle's test event: its exception is on the indented line.
		if c := reportCategory(block[1:]); c != "" {
			return c
		}
		return errkind.CategoryTest
	case f.fam == famTest || f.fam == famFailHead || f.fam == famNumbered || f.fam == famReport || f.fam == famSection || f.fam == famUnittest || f.fam == famGoTest || f.fam == famTestEntry || f.fam == famGinkgo && !strings.HasPrefix(f.text, "Failed to compile ") || f.fam == famSubtestLog || f.fam == famRustPanic:
		if c := reportCategory(block); c != "" {
			return c
		}
		// A test that failed on a file, a module or the network it
		// needed — not a check that compared an error value with the
		// one it wanted ("Do() error = context deadline exceeded, want
		// context.Canceled").
		t := clipJoin(block)
		own := clipJoin(slices.DeleteFunc(slices.Clone(block), comparesWant))
		if c := specificRules(own); c == errkind.CategoryFilesystem || c == errkind.CategoryNetwork {
			return c // (by a specific phrase: a test's own "Timed out after 0.5s" is its check's)
		}
		if dbDriverRe.MatchString(own) || strings.Contains(own, " pq: ") {
			// ... or on the database it needed: the driver's error.
			if c := matchRules(own); c != "" && c != errkind.CategoryTest {
				return c
			}
			return errkind.CategoryRuntime
		}
		if missingModuleRe.MatchString(t) {
			return errkind.CategoryBuild
		}
		if len(block) > 0 && pytestErrorHeadRe.MatchString(block[0]) {
			// Not a test that failed: its setup, teardown or module
			// that could not run. What went wrong says which.
			if c := matchRules(t); c != "" && c != errkind.CategoryTest {
				return c
			}
		}
		for _, l := range block {
			if strings.HasPrefix(l, "E   ") && qualifiedExcRe.MatchString(l) {
				return errkind.CategoryRuntime // pytest's test ended by an exception its module names
			}
		}
		if f.fam == famReport && strings.Contains(f.text, "● ") && !jestAssertRe.MatchString(t) {
			// A jest test that threw, not one whose expectation failed:
			// what it threw ended it.
			return errkind.CategoryRuntime
		}
		if f.fam != famRustPanic || strings.Contains(clipJoin(block), "assert") {
			return errkind.CategoryTest
		}
	}
	if lintCoded(f.text) || lintFinding(f.text) {
		// A linter's coded finding, or one that names its rule: its words
		// decide only when they are specific or say the input does not
		// parse; otherwise it is a finding that stops the build.
		t := clip(f.text)
		if i := allRules.rules.firstIn(t, allRules.rules.candidates(t), 0, nSpecific); i >= 0 {
			return allRules.cats[i]
		}
		if lintSyntaxRe.MatchString(t) {
			return errkind.CategorySyntax
		}
		return errkind.CategoryBuild
	}
	if bashUnsetParam(f.text) {
		return errkind.CategoryReference
	}
	if c := rootCause(block); c != "" {
		// A chained exception is its root cause's: the last "Caused
		// by:" says what went wrong.
		return c
	}
	// The texts the rules read, in order: the line that says what went
	// wrong, then what the error holds below it; the blocks are joined
	// only when the line did not decide.
	head := clip(f.text)
	if strings.Contains(head, `\"`) {
		// A structured record's fields quote the error inside a quoted
		// value ("error": "x: relation \"t\" does not exist"): the rules
		// read it unquoted.
		head = strings.ReplaceAll(head, `\"`, `"`)
	}
	texts := [4]ruleText{{s: head, done: true}}
	n := 1
	if x := loggedException(block); x != "" {
		// A record that logged a traceback ("Error handling request"):
		// the exception it logged says what went wrong, then the record.
		texts[0], texts[1] = ruleText{s: clip(x), done: true}, texts[0]
		n = 2
	}
	if f.fam == famGradle && len(block) > 0 {
		// Gradle's "What went wrong" is a task that failed; the lines
		// below it ("> There were failing tests") say why.
		if k := f.key - f.start + 1; k < len(block) {
			texts[0], texts[1] = ruleText{lines: block[k:]}, texts[0]
			n = 2
		}
	}
	if len(f.detail) > 0 {
		texts[n] = ruleText{lines: f.detail}
		n++
	}
	if len(block) > 1 || len(f.detail) > 0 || n > 1 || len(block) == 1 && strings.TrimSpace(block[0]) != f.text {
		texts[n] = ruleText{lines: withoutQuotedSource(f.text, block)}
		n++
	}
	// The line that says what went wrong decides by a specific phrase, or
	// by the exception class it names; then a specific phrase anywhere in
	// the error decides before a bare word on that line ("go: x imports"
	// over an unreachable proxy is the network's failure).
	var hs [4]hits
	generic := -1
	for k := range texts[:n] {
		t := texts[k].text()
		hs[k] = allRules.rules.candidates(t)
		if i := allRules.rules.firstIn(t, hs[k], 0, nSpecific); i >= 0 {
			return allRules.cats[i]
		}
		if k == 0 {
			generic = allRules.rules.firstIn(t, hs[k], nSpecific, len(allRules.cats))
			if generic >= 0 && classRule[generic] {
				return allRules.cats[generic]
			}
		}
	}
	if generic >= 0 {
		return allRules.cats[generic]
	}
	for k := 1; k < n; k++ {
		if i := allRules.rules.firstIn(texts[k].s, hs[k], nSpecific, len(allRules.cats)); i >= 0 {
			return allRules.cats[i]
		}
	}
	if perlDieRe(f.text) && !perlCompileRe.MatchString(f.text) {
		return errkind.CategoryRuntime // Perl's die: an exception, whatever it says
	}
	if c := checkerCategory(f.text); c != "" {
		return c
	}
	switch {
	case f.fam == famCompiler && instantiated(block):
		// What a template's instantiation ran into is a type that does
		// not fit it, whatever the compiler's words.
		return errkind.CategoryType
	case strings.HasPrefix(f.text, "psql:") || pgReport(f.text):
		return errkind.CategoryRuntime // the database refused the statement
	case f.fam == famCompiler || f.fam == famRust || f.fam == famMiette || f.fam == famAnnotation || f.text != "" && isDigit(strings.TrimLeft(f.text, " ")[0]) && eslintRe.MatchString(f.text):
		return errkind.CategoryBuild // a compiler's or a linter's finding
	case f.fam == famTraceback,
		f.fam == famException && (f.end > f.start || exceptionClassRe.MatchString(f.text) || strings.Contains(f.text, "Exception")):
		// An exception thrown with its stack, or of a class of its own, is
		// a crash whatever it says.
		return errkind.CategoryRuntime
	}
	if len(block) > 1 && stackRe.MatchString(clipJoin(block)) || strings.Contains(f.text, `"stacktrace":"`) {
		// Whatever it says, an error that printed the stack it ended on
		// crashed (Lua's "stack traceback:", a logged Traceback, a
		// structured log's stacktrace field).
		return errkind.CategoryRuntime
	}
	if k := f.key - f.start; k >= 0 && k < len(block) && f.fam != famCompiler && errorLevelRe.MatchString(block[k][:min(len(block[k]), 200)]) {
		// A running program's record at an error level, whose words name
		// no cause of their own: what it was doing failed at run time.
		return errkind.CategoryRuntime
	}
	return errkind.CategoryUnknown
}

// errorLevelRe is a log record's level at error or above, as a structured
// record or a bracketed level writes it (slog, zap, logrus, nginx). A bare
// level word in capitals is not enough: Python's and Java's layouts label
// such records unknown in the corpus.
var errorLevelRe = regexp.MustCompile(`\[(?:error|fatal|crit|critical|alert|emerg)\]|"(?:level|severity|lvl)":\s*"(?i:error|fatal|critical|panic)"|\b(?:level|lvl)=(?i:error|fatal|crit|critical|panic)\b`)

// loggedException returns the exception line of a Python traceback that a
// log record's block holds under its first line, or "": the last line at
// the margin that names an exception, above what its message goes on with.
func loggedException(block []string) string {
	if len(block) < 3 || !strings.HasPrefix(block[1], "Traceback (") {
		return ""
	}
	for i := len(block) - 1; i > 1; i-- {
		if l := block[i]; indentOf(l) == 0 && isPyException(l) && !labelLine(l) {
			return l
		}
	}
	return ""
}

// pgReport reports whether a text is PostgreSQL's report of an error, as
// its server logs it and its clients print it: the level in capitals, a
// colon and two blanks ("ERROR:  deadlock detected").
func pgReport(t string) bool {
	for _, lv := range [...]string{"ERROR:  ", "FATAL:  ", "PANIC:  "} {
		if strings.HasPrefix(t, lv) {
			return true
		}
	}
	return false
}

// stackRe is the start of a stack a runtime prints under an error.
var stackRe = regexp.MustCompile(`(?m)^(?:stack traceback:|Traceback \(most recent call last\):|goroutine \d+ \[|\s+at \S+\(|Stack trace:$|Backtrace:$)`)

// lintFinding reports whether a line is a linter's finding in the
// "line:col  error  message  (rule)" layout (yamllint, ESLint's stylish).
func lintFinding(t string) bool {
	return t != "" && (isDigit(strings.TrimLeft(t, " ")[0]) && eslintRe.MatchString(t) || findingRow(t))
}

var (
	// lintSyntaxRe is a linter's finding that the input does not parse:
	// its words, or a parser's ("Expected 'fi'", "parser: ").
	lintSyntaxRe     = regexp.MustCompile(`[Ss]yntax error|SyntaxError\b|[Pp]arsing error|\(syntax\)$|[Cc]ould(?:n't| not) find '[^']+' for this|[Ee]xpected (?:'[^']+'|end of\b)|parser: `)
	eslintRe         = regexp.MustCompile(`^\s*\d+:\d+\s+error\s`)
	exceptionClassRe = regexp.MustCompile(`\b[A-Z]\w*[a-z]\w*(?:Error|Exception)\b|\(([A-Z]\w*(?:::\w+)*)\)$`)
)

// reportCategory returns the category of the crash in a test report, or
// "" when the test failed an assertion.
func reportCategory(block []string) errkind.Category {
	for _, l := range block {
		if strings.Contains(l, "mock: ") && mockFailRe.MatchString(l) {
			return errkind.CategoryTest // testify/mock's panic: an expectation the code under test missed
		}
	}
	// pytest marks the exception that ended the test with "E   ": it
	// says more than the lines of its report that name other classes
	// ("ImportError while importing test module").
	for _, l := range block {
		if strings.HasPrefix(l, "E   ") && reportExceptionRe.MatchString(l) {
			if c := exceptionLineCategory(l); c != "" {
				return c
			}
		}
		if strings.HasPrefix(l, "E   ") && qualifiedExcRe.MatchString(l) {
			// A class its module names, whatever its name ends with
			// (psycopg2.errors.UniqueViolation): an exception.
			if c := matchRules(strings.TrimSpace(l[1:])); c != "" && c != errkind.CategoryTest {
				return c
			}
		}
	}
	for _, l := range block {
		if testCrashRe.MatchString(l) {
			return errkind.CategoryRuntime // an exception nobody caught ended the test
		}
		m := reportExceptionRe.FindStringSubmatch(l)
		if m == nil || m[1] != "" && assertionRe.MatchString(m[1]) {
			continue
		}
		if m[1] == "" {
			return errkind.CategoryRuntime // a panic
		}
		return exceptionLineCategory(l)
	}
	return ""
}

// exceptionLineCategory returns the category of a test report's line
// that names the exception or the panic that ended the test, or "" when
// the exception is an assertion's.
func exceptionLineCategory(l string) errkind.Category {
	m := reportExceptionRe.FindStringSubmatch(l)
	if m == nil || m[1] != "" && assertionRe.MatchString(m[1]) {
		return ""
	}
	if m[1] == "" {
		return errkind.CategoryRuntime // a panic
	}
	if c := matchRules(strings.TrimSpace(l)); c != "" && c != errkind.CategoryTest {
		return c
	}
	return errkind.CategoryRuntime
}

// ruleText is a text the category rules read: a line, or the lines of a
// block joined when first asked for.
type ruleText struct {
	s     string
	lines []string
	done  bool
}

func (r *ruleText) text() string {
	if !r.done {
		r.s, r.done = clipJoin(r.lines), true
	}
	return r.s
}

// clipJoin joins the lines of a block, at most blockWindow bytes of them.
func clipJoin(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		if b.Len() > blockWindow {
			break
		}
		b.WriteString(clip(l))
		b.WriteByte('\n')
	}
	return b.String()
}

// blockWindow is how much of a block categorisation reads.
const blockWindow = 16 << 10

// bashParamRe is bash's error at a line of a script: the name, then the
// message.
var bashParamRe = regexp.MustCompile(`^\S+: line \d+: ([A-Za-z_]\w*|\d+): (.+)$`)

// bashUnsetParam reports whether a bash error is ${VAR:?msg} or
// ${VAR?msg} failing: the variable is named, and its message names it
// again ("DEPLOY_ENV: DEPLOY_ENV must be set"), or it is a positional
// parameter ("1: usage: x ROOT"). A builtin's complaint
// ("cd: /x: No such file or directory") names the builtin.
func bashUnsetParam(t string) bool {
	if !strings.Contains(t, ": line ") {
		return false
	}
	m := bashParamRe.FindStringSubmatch(t)
	if m == nil || shellBuiltins[m[1]] {
		return false
	}
	if isDigit(m[1][0]) {
		return true // ${1:?usage: x}: a positional parameter, never a command's name
	}
	return hasWord(m[2], m[1])
}

// shellBuiltins are the builtins bash names in its errors.
var shellBuiltins = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`alias bg bind break builtin caller cd command compgen complete continue declare dirs disown echo
		enable eval exec exit export fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read
		readarray readonly return set shift shopt source suspend test times trap type typeset ulimit umask unalias unset wait`) {
		shellBuiltins[w] = true
	}
}

// A type checker's finding names its rule: mypy's "[arg-type]" at the end,
// pyright's "(reportArgumentType)". What a type checker finds is a type
// error unless its rule says the name or the module does not exist or the
// input does not parse.
var (
	mypyCodeRe    = regexp.MustCompile(`\.pyi?:\d+(?::\d+)?: error: .*\[([a-z][a-z-]*)\]$`)
	pyrightCodeRe = regexp.MustCompile(`\.pyi?:\d+:\d+ - error: .*\((report\w+)\)$`)
)

// checkerCategory returns the category of a type checker's finding by its
// rule, or "" when t is not one.
func checkerCategory(t string) errkind.Category {
	if !strings.Contains(t, ".py") || !strings.Contains(t, "error: ") {
		return ""
	}
	var code string
	if m := mypyCodeRe.FindStringSubmatch(t); m != nil {
		code = m[1]
	} else if m := pyrightCodeRe.FindStringSubmatch(t); m != nil {
		code = m[1]
	} else {
		return ""
	}
	switch code {
	case "name-defined", "attr-defined", "reportUndefinedVariable", "reportAttributeAccessIssue", "reportUnboundVariable", "reportPossiblyUnbound":
		return errkind.CategoryReference
	case "import", "import-not-found", "import-untyped", "reportMissingImports", "reportMissingModuleSource":
		return errkind.CategoryBuild
	case "syntax", "reportInvalidSyntax":
		return errkind.CategorySyntax
	}
	return errkind.CategoryType
}

// missingModuleRe is a module, a package or a file to import that could
// not be found: a test that failed so could not build.
var missingModuleRe = regexp.MustCompile(`[Cc]annot find module ['"]|ModuleNotFoundError|No module named |cannot load such file|Can't locate \S+\.pm in @INC`)

// jestAssertRe is what a jest report of a failed expectation holds.
var jestAssertRe = regexp.MustCompile(`expect\(|Expected|Received|[Ss]napshot|assert|toBe|toEqual|toThrow|\.rejects|\.resolves|Timeout|exceeded timeout`)

// pytestErrorHeadRe is pytest's heading of an error outside a test's body.
var pytestErrorHeadRe = regexp.MustCompile(`^_+ ERROR (?:at (?:setup|teardown) of|collecting) `)

// rootCause returns the category of the last "Caused by:" of a Java
// exception's block when it names a file or the network, or "".
func rootCause(block []string) errkind.Category {
	for k := len(block) - 1; k >= 0; k-- {
		if t := strings.TrimSpace(block[k]); strings.HasPrefix(t, "Caused by: ") {
			// Only a cause in the world outside the program (a file,
			// the network) overrides what the wrapper says; a cause in
			// the program is the wrapper's own business.
			if c := matchRules(t); c == errkind.CategoryFilesystem || c == errkind.CategoryNetwork {
				return c
			}
			return ""
		}
	}
	return ""
}

// instantiated reports whether a compiler's block is a template's
// instantiation: g++'s "In instantiation of" and "required from" lines.
func instantiated(block []string) bool {
	for _, l := range block {
		if strings.Contains(l, "In instantiation of ") || strings.Contains(l, "required from here") {
			return true
		}
	}
	return false
}

// comparesWant reports whether a test's line compares what it got with
// what it wanted: Go's "got x, want y" and "x = y, want z".
func comparesWant(l string) bool {
	return strings.Contains(l, ", want ") || strings.Contains(l, "; want ")
}

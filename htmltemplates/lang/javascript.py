"""Where in a <script> body a hole stands: a small JavaScript lexer.

The lexer walks the static text of a script, in which the values already interpolated stand as
CODE_STAND_IN or TEXT_STAND_IN, and says where its end is: in code, where a value is written as a
JavaScript literal (js_value); inside a string or template literal, where it is written as the
literal's text (js_string); or where no value may go (a comment, a regular expression, a tagged
template literal). It follows ECMAScript's lexical grammar (section 12) as far as it can be sure
without a parser. Whether a '/' divides or starts a regular expression is decided by the token
before it, as in Go's html/template; where that token leaves it to the parser (after ')', '}',
'++', '--', 'await', 'yield', 'of'), and wherever the grammar is in doubt, the state is UNKNOWN
and the scanner refuses the hole: a wrong guess would misplace every quote after it.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from typing import NamedTuple

__all__ = ["CODE_STAND_IN", "TEXT_STAND_IN", "JsLexer", "JsState", "js_state"]


class JsState(enum.Enum):
    """Where the end of some JavaScript source is; the values read "interpolation inside ..."."""

    CODE = "code"
    STRING = "a string"  # either quote
    TEMPLATE = "a template literal"  # its text, outside any '${...}'
    # the text of a template literal with a tag before it (String.raw`...`, html`...`): the tag
    # function reads the raw text and may give it any meaning, escapes included
    TAGGED_TEMPLATE = "a tagged template literal"
    # right after an unescaped '$' in a template literal's text: a value starting with '{' would
    # open a substitution, and '$' followed by a hole is most likely `${name}` written by mistake
    TEMPLATE_DOLLAR = "a template literal right after '$'"
    # right after a '\' in a string or template literal: the value's first character would be
    # escaped (an empty value would escape the closing quote)
    ESCAPE = "an escape sequence"
    REGEX = "a regular expression"
    COMMENT = "a comment"
    UNKNOWN = "after JavaScript the scanner cannot read for sure (such as a '/' after ')' or '}'),"


# What the scanner feeds js_state for a value interpolated earlier. In code a value is a JSON
# literal, one expression, except that '{}' at the start of a statement is an empty block, after
# which a '/' starts a regular expression; in parentheses the stand-in leaves a '/' after the
# value UNKNOWN whichever it is. In a string or template literal the value's text (js_string) has
# no quote, backtick, '$', line break or unfinished escape, so any letter stands for it.
CODE_STAND_IN = " (0) "
TEXT_STAND_IN = "x"


class _Stop(Exception):  # noqa: N818 (not an error: how the lexer answers from deep inside)
    """The source ends inside a token, or at something this lexer does not judge. ``inside``:
    where the source ended inside the text of a string or template literal (the quote, and
    whether the template is tagged), and ``resume``, where reading that text may go on."""

    def __init__(self, state: JsState, inside: tuple[str, bool] | None = None, resume: int = 0):
        super().__init__(state)
        self.state = state
        self.inside = inside
        self.resume = resume


class _Slash(enum.Enum):
    """What a '/' that does not open a comment means at some point of the code: the syntactic
    context chooses between the lexical goals InputElementDiv and InputElementRegExp (12)."""

    DIVIDES = enum.auto()  # after an operand: a name, a literal, ']', a template literal
    STARTS_REGEX = enum.auto()  # where an expression or a statement starts
    UNSURE = enum.auto()  # only a parser can tell


class _Brace(enum.Enum):
    """An open '{': a block or object literal, or a template literal's '${'."""

    BLOCK = enum.auto()
    TEMPLATE = enum.auto()
    TAGGED_TEMPLATE = enum.auto()


# 12.7.2 reserved words after which an expression or a statement starts, so a '/' starts a
# regular expression. A line break after break, continue or return ends the statement (12.10),
# and the next one starts: the same answer.
_BEFORE_EXPRESSION = frozenset(
    "break case continue debugger default delete do else extends in instanceof new return "
    "throw typeof void".split()
)
# 'await' and 'yield' are operators in async functions, generators and modules and names
# elsewhere; 'of' is an operator only in a for-of head. The other reserved words listed here
# are followed by a name, '(' or '{', never by a '/': refused rather than judged. All other
# names (this, null, let, async, get...) end an operand or are followed by a name, so a '/'
# after them divides.
_UNSURE_AFTER = frozenset(
    "await yield of catch class const enum export finally for function if import switch try var "
    "while with".split()
)
_AFTER_WORD = dict.fromkeys(_BEFORE_EXPRESSION, _Slash.STARTS_REGEX) | dict.fromkeys(
    _UNSURE_AFTER, _Slash.UNSURE
)

# 12.8 punctuators, longest first ('/' and '/=' are read with the regular expressions, '{' and
# '}' with the braces). '?.' followed by a digit is '?' and a number (a ? .5 : 1).
_PUNCTUATOR = re.compile(
    r""">>>= | \.\.\. | === | !== | \*\*= | <<= | >>= | >>> | &&= | \|\|= | \?\?=
    | => | \?\.(?!\d) | \+\+ | -- | \*\* | && | \|\| | \?\? | << | >> | [-+*%&|^<>=!]=
    | [-+*%&|^<>=!~?:;,.()\[\]@]""",
    re.VERBOSE,
)
# What a '/' after a punctuator means: it divides after ']', which ends an operand; after these
# it may divide or start a regular expression: `if (a) /re/` and `(a) / b`; `a++ / b` and
# `a \n ++/re/.lastIndex`; a '/' right after '.', '?.' or '@' is a syntax error. After any other
# punctuator an expression starts, and a '/' starts a regular expression.
_AFTER_PUNCTUATOR = dict.fromkeys([")", "++", "--", ".", "?.", "@"], _Slash.UNSURE) | {
    "]": _Slash.DIVIDES
}

# 12.9.3 numeric literals, loosely (a literal the engine rejects is a syntax error anyway)
_NUMBER = re.compile(
    r"""(?: 0[xX][\da-fA-F_]* | 0[oObB][\d_]*
    | (?: \d[\d_]* (?: \.[\d_]* )? | \.\d[\d_]* ) (?: [eE][+-]?[\d_]* )? ) n?""",
    re.VERBOSE,
)
_ASCII_NAME_PART = re.compile(r"[\w$]+", re.ASCII)
_JOINERS = "\u200c\u200d"  # ZWNJ and ZWJ continue a name (12.7)

# 12.2 white space (ASCII here; the other Zs characters by their category) and 12.3 line
# terminators
_ASCII_SPACE = frozenset(" \t\n\r\v\f")
_LINE_TERMINATORS = frozenset("\n\r\u2028\u2029")
_LINE_END = re.compile(r"[\n\r\u2028\u2029]")
_STRING_SPECIAL = {'"': re.compile(r'["\\\n\r]'), "'": re.compile(r"['\\\n\r]")}
_TEMPLATE_SPECIAL = re.compile(r"[`\\$]")
_REGEX_SPECIAL = re.compile(r"[/\\\[\]\n\r\u2028\u2029]")


# The '{' open at some point of the reading, innermost first, as nested pairs: a point can be
# kept without copying them.
_Braces = tuple[_Brace, "_Braces"] | None


class _Point(NamedTuple):
    """A point of the reading from which it can go on: the index, what a '/' there means,
    whether a name there is a property, the braces open, and the string or template literal
    whose text the index is in (its quote, and whether the template is tagged), if any."""

    at: int
    slash: _Slash
    property_name: bool
    braces: _Braces
    inside: tuple[str, bool] | None


_START = _Point(0, _Slash.STARTS_REGEX, False, None, None)

# The most text after a token's start that decides which token it is ('<!--', B.1.1): the
# reading of a token that starts this close to the end may change when more text comes.
_LOOKAHEAD = 4


def js_state(source: str) -> JsState:
    """Where the end of ``source`` (the static text of a script so far) is.

    UNKNOWN where the lexical grammar leaves the reading to a parser (a '/' after ')', '}',
    '++', '--', 'await', 'yield' or 'of'), at HTML-like comments ('<!--', '-->', Annex B.1.1),
    at escapes in names, at line breaks inside strings and regular expressions, and at
    characters that are no JavaScript token.
    """
    return _read(source, _START)[0]


class JsLexer:
    """JavaScript fed in pieces (the static text of a script and the stand-ins of its values):
    ``state()`` is ``js_state`` of all the text fed so far, but reads only what came since the
    last call, from the last point whose reading later text cannot change. A script with a
    thousand holes is read once, not once per hole (which grew as the square of its length)."""

    __slots__ = ("_point", "_source")

    def __init__(self) -> None:
        self._source = ""
        self._point = _START

    def feed(self, text: str) -> None:
        """Add ``text`` to the source."""
        source = self._source
        self._source = ""  # the only reference left: CPython extends it in place
        source += text
        self._source = source

    def state(self) -> JsState:
        """Where the end of the source fed so far is (``js_state``)."""
        state, self._point = _read(self._source, self._point)
        return state


def _read(source: str, point: _Point) -> tuple[JsState, _Point]:
    """Read ``source`` from ``point`` to its end: where the end is, and the point to read on
    from when more text follows (the last one that text cannot change). Long because it is
    one loop over the tokens whose state lives in its locals: a function per kind of token
    would cost a call per token and pass that state back and forth."""
    n = len(source)
    i, slash, property_name, braces, inside = point
    safe = point
    try:
        if inside is not None:  # in the text of a string or template literal
            quote, tagged = inside
            if quote == "`":
                i, slash, braces = _template_part(source, i, tagged, braces)
            else:
                i, slash = _string_end(source, i, quote), _Slash.DIVIDES
            property_name = False
        elif i == 0 and source.startswith("#!"):
            i = _line_comment_end(source, 2)  # 12.5 hashbang
        while i < n:
            if i <= n - _LOOKAHEAD:
                safe = _Point(i, slash, property_name, braces, None)
            c = source[i]
            if c in _ASCII_SPACE or (not c.isascii() and _is_space(c)):
                i += 1
                continue
            if source.startswith("//", i):
                i = _line_comment_end(source, i + 2)
                continue
            if source.startswith("/*", i):
                end = source.find("*/", i + 2)
                if end < 0:
                    raise _Stop(JsState.COMMENT)
                i = end + 2
                continue
            after_dot = False
            if c == "/":
                i, slash = _slash_end(source, i, slash)
            elif c in "'\"":
                i = _string_end(source, i + 1, c)
                slash = _Slash.DIVIDES
            elif c == "`":
                # a template literal after an operand (or where one may end) is tagged
                tagged = slash is not _Slash.STARTS_REGEX
                i, slash, braces = _template_part(source, i + 1, tagged, braces)
            elif c == "{":
                braces = (_Brace.BLOCK, braces)
                i += 1
                slash = _Slash.STARTS_REGEX
            elif c == "}":
                # closes the innermost brace: a block or an object literal (only a parser knows
                # which, so a '/' after it is unsure), or a template literal's '${'
                if braces is None:
                    raise _Stop(JsState.UNKNOWN)
                brace, braces = braces
                if brace is _Brace.BLOCK:
                    i, slash = i + 1, _Slash.UNSURE
                else:
                    tagged = brace is _Brace.TAGGED_TEMPLATE
                    i, slash, braces = _template_part(source, i + 1, tagged, braces)
            elif _starts_name(c):
                end = _name_end(source, i)
                word = source[i:end]
                slash = _Slash.DIVIDES if property_name else _AFTER_WORD.get(word, _Slash.DIVIDES)
                i = end
            elif c == "#" and i + 1 < n and _starts_name(source[i + 1]):
                i = _name_end(source, i + 1)  # a private name (class fields): an operand
                slash = _Slash.DIVIDES
            elif "0" <= c <= "9" or (c == "." and "0" <= source[i + 1 : i + 2] <= "9"):
                i = _number_end(source, i)
                slash = _Slash.DIVIDES
            elif source.startswith(("<!--", "-->"), i):
                raise _Stop(JsState.UNKNOWN)  # HTML-like comments (B.1.1) are not judged
            elif match := _PUNCTUATOR.match(source, i):
                punctuator = match.group()
                i = match.end()
                slash = _AFTER_PUNCTUATOR.get(punctuator, _Slash.STARTS_REGEX)
                after_dot = punctuator in (".", "?.")
            else:
                raise _Stop(JsState.UNKNOWN)  # '\' (an escaped name), a lone '#', anything else
            property_name = after_dot
    except _Stop as stop:
        if stop.inside is not None:  # the end is in a literal's text: read on from there
            return stop.state, _Point(stop.resume, _Slash.DIVIDES, False, braces, stop.inside)
        return stop.state, safe
    return JsState.CODE, safe


def _slash_end(source: str, i: int, slash: _Slash) -> tuple[int, _Slash]:
    """The '/' at ``i``, which opens no comment: a division ('/' or '/=') where ``slash`` says
    so, else a regular expression literal (12.9.5). The index after it, and what a '/' after
    it means."""
    if slash is _Slash.DIVIDES:
        return i + (2 if source.startswith("/=", i) else 1), _Slash.STARTS_REGEX
    if slash is _Slash.STARTS_REGEX:
        return _regex_end(source, i + 1), _Slash.DIVIDES
    raise _Stop(JsState.UNKNOWN)


def _is_space(c: str) -> bool:
    """Whether the non-ASCII ``c`` is JavaScript white space or a line terminator (12.2, 12.3)."""
    return c in "\ufeff\u2028\u2029" or unicodedata.category(c) == "Zs"


def _line_comment_end(source: str, i: int) -> int:
    """The index of the line terminator that ends the comment running at ``i``."""
    line_end = _LINE_END.search(source, i)
    if line_end is None:
        raise _Stop(JsState.COMMENT)
    return line_end.start()


def _starts_name(c: str) -> bool:
    """Whether ``c`` starts an IdentifierName (12.7): ID_Start, '$' or '_'. Python checks the
    slightly smaller XID_Start; the few characters between the two are refused."""
    return (c.isalpha() or c in "$_") if c.isascii() else c.isidentifier()


def _name_end(source: str, i: int) -> int:
    """The index after the IdentifierName starting at ``i``: ID_Continue (as XID_Continue),
    '$', ZWNJ and ZWJ. A '\\u' escape in a name is refused."""
    n = len(source)
    while i < n:
        if ascii_part := _ASCII_NAME_PART.match(source, i):
            i = ascii_part.end()
            continue
        c = source[i]
        if c == "\\":
            raise _Stop(JsState.UNKNOWN)
        if c.isascii() or not (c in _JOINERS or ("a" + c).isidentifier()):
            break
        i += 1
    return i


def _number_end(source: str, i: int) -> int:
    """The index after the numeric literal at ``i``. A name or digit right after it is a syntax
    error (12.9.3), refused."""
    match = _NUMBER.match(source, i)
    assert match is not None
    end = match.end()
    if end < len(source) and (source[end] == "\\" or _starts_name(source[end])):
        raise _Stop(JsState.UNKNOWN)
    return end


def _string_end(source: str, i: int, quote: str) -> int:
    """From ``i`` in the text of a string literal opened by ``quote`` (12.9.4): the index after
    its closing quote."""
    special = _STRING_SPECIAL[quote]
    n = len(source)
    while match := special.search(source, i):
        j = match.start()
        c = source[j]
        if c == quote:
            return j + 1
        if c != "\\":
            raise _Stop(JsState.UNKNOWN)  # a line break in a string is a syntax error
        if j + 1 == n:
            raise _Stop(JsState.ESCAPE, (quote, False), j)
        i = j + (3 if source.startswith("\r\n", j + 1) else 2)  # CR LF continues a line as one
    # a '\\' and CR at the end continue the line with the LF that may come next: read again
    raise _Stop(JsState.STRING, (quote, False), n - 2 if source.endswith("\\\r") else n)


def _template_part(
    source: str, i: int, tagged: bool, braces: _Braces
) -> tuple[int, _Slash, _Braces]:
    """From ``i`` in the text of a template literal (12.9.6): the index after its closing '`'
    (then a '/' divides), or after a '${' (pushed on ``braces``; then an expression starts),
    with the braces then open."""
    while match := _TEMPLATE_SPECIAL.search(source, i):
        j = match.start()
        c = source[j]
        if c == "`":
            return j + 1, _Slash.DIVIDES, braces
        if j + 1 == len(source):
            if tagged:
                raise _Stop(JsState.TAGGED_TEMPLATE, ("`", True), j)
            raise _Stop(JsState.ESCAPE if c == "\\" else JsState.TEMPLATE_DOLLAR, ("`", False), j)
        if c == "\\":
            i = j + 2
        elif source[j + 1] == "{":
            brace = _Brace.TAGGED_TEMPLATE if tagged else _Brace.TEMPLATE
            return j + 2, _Slash.STARTS_REGEX, (brace, braces)
        else:
            i = j + 1
    state = JsState.TAGGED_TEMPLATE if tagged else JsState.TEMPLATE
    raise _Stop(state, ("`", tagged), len(source))


def _regex_end(source: str, i: int) -> int:
    """From ``i``, after the opening '/' of a regular expression literal (12.9.5): the index
    after its closing '/' and flags. A '/' inside a class ('[...]') does not close it."""
    in_class = False
    while match := _REGEX_SPECIAL.search(source, i):
        j = match.start()
        c = source[j]
        if c == "\\":
            if j + 1 == len(source):
                break
            if source[j + 1] in _LINE_TERMINATORS:
                raise _Stop(JsState.UNKNOWN)
            i = j + 2
        elif c in _LINE_TERMINATORS:
            raise _Stop(JsState.UNKNOWN)  # a line break in a regular expression: a syntax error
        elif c == "/" and not in_class:
            return _name_end(source, j + 1)  # the flags
        else:
            in_class = c == "[" or (in_class and c != "]")
            i = j + 1
    raise _Stop(JsState.REGEX)

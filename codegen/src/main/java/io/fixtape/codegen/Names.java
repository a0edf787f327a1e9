package io.fixtape.codegen;

import java.util.Locale;
import java.util.Set;

/**
 * Java names for FIX names. Classes keep the FIX name ({@code NewOrderSingle}, {@code ExecType}); properties
 * lower-case the leading capital run ({@code ClOrdID} is {@code clOrdID}, {@code MDReqID} is {@code mdReqID},
 * {@code CFICode} is {@code cfiCode}); constants are upper snake case ({@code NEW_ORDER_SINGLE}). Names that would
 * clash with a Java keyword or a method every generated class has get a {@code Value} suffix.
 *
 * <p>Stateless.
 */
final class Names
{
    private static final Set<String> KEYWORDS = Set.of(
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "var",
        "record", "yield", "sealed", "permits");

    /** Methods of generated classes and their bases (and of Object, Iterable, Iterator) that a property must not be. */
    private static final Set<String> RESERVED = Set.of(
        "wrap", "reset", "decoder", "appendTo", "appendFields", "appendEntry", "toString", "hashCode", "equals",
        "getClass", "notify", "notifyAll", "wait", "clone", "finalize", "next", "hasNext", "iterator", "count",
        "isPresent", "entry", "forEach", "spliterator", "remove", "forEachRemaining", "self", "scanEntry",
        "complete", "missingRequiredTag", "missingInEntry", "resetEntry", "scope", "base", "present", "end",
        "value", "isDefined", "decode");

    private Names()
    {
    }

    /** {@code ClOrdID} → {@code clOrdID}; {@code MDReqID} → {@code mdReqID}; {@code IOIID} → {@code ioiid}. */
    static String property(final String fixName)
    {
        final int length = fixName.length();
        int upper = 0;
        while (upper < length && Character.isUpperCase(fixName.charAt(upper)))
        {
            upper++;
        }
        final String name;
        if (upper <= 1 || upper == length)
        {
            name = fixName.substring(0, Math.max(upper, 1)).toLowerCase(Locale.ROOT) + fixName.substring(Math.max(upper, 1));
        }
        else
        {
            // the last capital of the run starts the next word: "MDReqID" → "md" + "ReqID"
            name = fixName.substring(0, upper - 1).toLowerCase(Locale.ROOT) + fixName.substring(upper - 1);
        }
        final String identifier = identifier(name);
        return KEYWORDS.contains(identifier) || RESERVED.contains(identifier) ? identifier + "Value" : identifier;
    }

    /** {@code name} with the first letter upper-cased, for {@code has}/{@code AsString} forms. */
    static String capitalized(final String property)
    {
        return Character.toUpperCase(property.charAt(0)) + property.substring(1);
    }

    /** {@code NewOrderSingle} → {@code NEW_ORDER_SINGLE}; {@code IOI} → {@code IOI}. */
    static String constant(final String fixName)
    {
        final StringBuilder out = new StringBuilder(fixName.length() + 8);
        for (int i = 0; i < fixName.length(); i++)
        {
            final char c = fixName.charAt(i);
            if (i > 0 && Character.isUpperCase(c))
            {
                final char previous = fixName.charAt(i - 1);
                final boolean nextLower = i + 1 < fixName.length() && Character.isLowerCase(fixName.charAt(i + 1));
                if (Character.isLowerCase(previous) || Character.isDigit(previous) ||
                    (Character.isUpperCase(previous) && nextLower))
                {
                    out.append('_');
                }
            }
            out.append(Character.toUpperCase(c));
        }
        return identifier(out.toString());
    }

    /** A Java type name for a FIX name (kept as it is, made a valid identifier). */
    static String type(final String fixName)
    {
        final String identifier = identifier(fixName);
        return Character.toUpperCase(identifier.charAt(0)) + identifier.substring(1);
    }

    /** An enum constant for a value's description, e.g. {@code BUY}, {@code SELL_SHORT}. */
    static String enumConstant(final String description)
    {
        return identifier(description.toUpperCase(Locale.ROOT));
    }

    /** Replaces characters not allowed in an identifier by {@code _}; a leading digit gets a {@code _} before it. */
    static String identifier(final String text)
    {
        final StringBuilder out = new StringBuilder(text.length() + 1);
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            out.append((c < 128 && Character.isLetterOrDigit(c)) || c == '_' ? c : '_');
        }
        if (out.length() == 0 || Character.isDigit(out.charAt(0)))
        {
            out.insert(0, '_');
        }
        return out.toString();
    }

    /** A Java string literal for ASCII text. */
    static String literal(final String text)
    {
        final StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            if (c == '"' || c == '\\')
            {
                out.append('\\').append(c);
            }
            else if (c < 32 || c > 126)
            {
                out.append(String.format("\\u%04x", (int)c));
            }
            else
            {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /** A Java char literal. */
    static String charLiteral(final char c)
    {
        if (c == '\'' || c == '\\')
        {
            return "'\\" + c + "'";
        }
        if (c < 32 || c > 126)
        {
            return String.format("'\\u%04x'", (int)c);
        }
        return "'" + c + "'";
    }
}

package io.fixtape.replay.drive;

/** JSON string literals for the reports this package writes (no JSON library needed for output). Stateless. */
final class JsonText
{
    private JsonText()
    {
    }

    /** {@code value} as a JSON string: quotes, backslashes and control characters escaped. */
    static String quote(final String value)
    {
        final StringBuilder sb = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++)
        {
            final char c = value.charAt(i);
            if (c == '"' || c == '\\')
            {
                sb.append('\\').append(c);
            }
            else if (c < 0x20)
            {
                sb.append(String.format("\\u%04x", (int)c));
            }
            else
            {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}

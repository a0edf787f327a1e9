package io.fixtape.engine.codec;

import java.nio.charset.StandardCharsets;

import org.agrona.concurrent.UnsafeBuffer;

/** Readable FIX for tests: {@code |} stands for SOH. Builds correct BodyLength and CheckSum. */
final class FixText
{
    private FixText()
    {
    }

    /** {@code 8=<begin>|9=<n>|<body>10=<sum>|} with body given with {@code |} separators and a trailing {@code |}. */
    static String message(final String beginString, final String body)
    {
        final String soh = body.replace('|', '\001');
        final String head = "8=" + beginString + "\0019=" + soh.length() + "\001";
        return head + soh + "10=" + String.format("%03d", sum(head + soh)) + "\001";
    }

    static int sum(final String s)
    {
        int sum = 0;
        for (final byte b : s.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return sum & 0xFF;
    }

    static String soh(final String piped)
    {
        return piped.replace('|', '\001');
    }

    static String piped(final String soh)
    {
        return soh.replace('\001', '|');
    }

    static byte[] bytes(final String s)
    {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static UnsafeBuffer buffer(final String s)
    {
        return new UnsafeBuffer(bytes(s));
    }
}

package io.fixtape.engine.validation;

import io.fixtape.engine.codec.FixDecoder;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.charset.StandardCharsets;

/** Readable FIX for validation tests: {@code |} stands for SOH; BodyLength and CheckSum are computed. */
final class Fix
{
    static final String TIME = "20240101-10:00:00.000";

    private Fix()
    {
    }

    /** {@code 8=begin|9=n|<body>|10=sum|} where body starts at 35. */
    static String message(final String beginString, final String body)
    {
        String soh = body.replace('|', '\001');
        if (!soh.endsWith("\001"))
        {
            soh += "\001";
        }
        final String head = "8=" + beginString + "\0019=" + soh.length() + "\001";
        int sum = 0;
        for (final byte b : (head + soh).getBytes(StandardCharsets.ISO_8859_1))
        {
            sum += b & 0xFF;
        }
        return head + soh + "10=" + String.format("%03d", sum & 0xFF) + "\001";
    }

    /** A message given whole (with {@code |}), sent as is. */
    static String raw(final String piped)
    {
        return piped.replace('|', '\001');
    }

    static FixDecoder decode(final FixDecoder decoder, final String soh)
    {
        final byte[] bytes = soh.getBytes(StandardCharsets.ISO_8859_1);
        return decoder.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
    }

    static ValidationResult judge(final MessageValidator validator, final String soh)
    {
        final ValidationResult result = new ValidationResult();
        validator.validate(decode(new FixDecoder(), soh), result);
        return result;
    }
}

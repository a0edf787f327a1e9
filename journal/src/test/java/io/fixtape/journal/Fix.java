package io.fixtape.journal;

import io.fixtape.engine.codec.MsgTypes;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.charset.StandardCharsets;

/** Readable FIX for tests: {@code |} stands for SOH; BodyLength and CheckSum are computed. */
final class Fix
{
    private Fix()
    {
    }

    static String message(final String beginString, final String msgType, final int seq, final String body)
    {
        final String inner = "35=" + msgType + "\u000134=" + seq + "\u000149=US\u000156=THEM\u000152=20261202-15:00:00.000\u0001" +
            body.replace('|', '\u0001');
        final String head = "8=" + beginString + "\u00019=" + inner.length() + "\u0001";
        int sum = 0;
        for (final byte b : (head + inner).getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return head + inner + String.format("10=%03d\u0001", sum & 0xFF);
    }

    static UnsafeBuffer buffer(final String fix)
    {
        return new UnsafeBuffer(fix.getBytes(StandardCharsets.US_ASCII));
    }

    static long type(final String msgType)
    {
        return MsgTypes.pack(msgType);
    }
}

package io.fixtape.codegen.sample;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Generated enums map every wire value, from its type, from text and from bytes; unknown values to UNKNOWN. */
class SampleEnumTest
{
    @Test
    void charValues()
    {
        assertSame(Side.SELL_SHORT, Side.decode('5'));
        assertSame(Side.BUY, Side.decode("1"));
        assertSame(Side.UNKNOWN, Side.decode('7'));
        assertSame(Side.UNKNOWN, Side.decode("12"));
        assertSame(Side.UNKNOWN, Side.decode(""));
        assertSame(Side.BUY, decode("x1x", 1, 1, Side::decode));
        assertEquals('2', Side.SELL.value());
        for (final Side side : Side.values())
        {
            assertEquals(side.isDefined() ? side : Side.UNKNOWN, Side.decode(side.value()));
        }
    }

    @Test
    void intValues()
    {
        assertSame(PartyRole.CUSTOMER_ACCOUNT, PartyRole.decode(24));
        assertSame(PartyRole.CLIENT_ID, PartyRole.decode("3"));
        assertSame(PartyRole.UNKNOWN, PartyRole.decode("2x"));
        assertSame(PartyRole.UNKNOWN, PartyRole.decode("99999999999"));
        assertSame(PartyRole.UNKNOWN, PartyRole.decode(2));
        assertSame(PartyRole.EXECUTING_FIRM, decode("a1", 1, 1, PartyRole::decode));
        assertSame(PartyRole.UNKNOWN, decode("-", 0, 1, PartyRole::decode));
        assertEquals(24, PartyRole.CUSTOMER_ACCOUNT.value());
    }

    @Test
    void textValuesShortAndLong()
    {
        assertSame(SecurityType.MULTILEG_INSTRUMENT, SecurityType.decode("MLEG"));
        assertSame(SecurityType.REPURCHASE_AGREEMENT, SecurityType.decode("REPURCHASE"));
        assertSame(SecurityType.UNKNOWN, SecurityType.decode("REPURCHASX"));
        assertSame(SecurityType.UNKNOWN, SecurityType.decode("ML"));
        assertSame(SecurityType.UNKNOWN, SecurityType.decode(""));
        assertSame(SecurityType.FUTURE, decode("..FUT..", 2, 3, SecurityType::decode));
        assertSame(SecurityType.REPURCHASE_AGREEMENT, decode("=REPURCHASE=", 1, 10, SecurityType::decode));
        for (final SecurityType type : SecurityType.values())
        {
            if (type.isDefined())
            {
                assertSame(type, SecurityType.decode(type.value()));
                assertSame(type, decode(type.value(), 0, type.value().length(), SecurityType::decode));
            }
        }
    }

    @Test
    void sentinels()
    {
        assertFalse(ExecType.NULL_VAL.isDefined());
        assertFalse(ExecType.UNKNOWN.isDefined());
        assertTrue(ExecType.TRADE.isDefined());
        assertEquals("G", String.valueOf(ExecInst.ALL_OR_NONE.value()));
    }

    private interface BufferDecoder<T>
    {
        T decode(org.agrona.DirectBuffer buffer, int offset, int length);
    }

    private static <T> T decode(final String text, final int offset, final int length, final BufferDecoder<T> decoder)
    {
        return decoder.decode(new UnsafeBuffer(text.getBytes(StandardCharsets.US_ASCII)), offset, length);
    }
}

package io.fixtape.bench.micro.sidebyside;

import java.nio.charset.StandardCharsets;

import org.openjdk.jmh.infra.Blackhole;

import quickfix.DataDictionary;
import quickfix.FieldException;
import quickfix.FieldNotFound;
import quickfix.IncorrectDataFormat;
import quickfix.IncorrectTagValue;
import quickfix.InvalidMessage;
import quickfix.Message;
import quickfix.MessageFactory;
import quickfix.MessageUtils;
import quickfix.field.ClOrdID;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;

/**
 * QuickFIX/J 2.3.2 doing what its session does with received bytes: the bytes become a String (its MINA decoder
 * does this with ISO-8859-1), {@link MessageUtils#parse} builds the typed message with the checksum check on,
 * and {@link DataDictionary#validate} checks it against the standard FIX 4.4 dictionary (QuickFIX/J defaults:
 * fields out of order, user-defined fields and unknown fields are all checked). Values are read with the generic
 * getters ({@code getDecimal} for exact quantities and prices). Rejections are the exceptions its session
 * catches and turns into a Reject.
 */
public final class QuickFixJNewOrderSingleParser implements NewOrderSingleParser
{
    private final byte[] message;
    private final DataDictionary dictionary;
    private final MessageFactory messageFactory = new quickfix.fix44.MessageFactory();

    public QuickFixJNewOrderSingleParser(final byte[] message)
    {
        this.message = message.clone();
        this.dictionary = QuickFixJDictionaries.fix44();
    }

    @Override
    public boolean parse(final Blackhole blackhole)
    {
        try
        {
            final String text = new String(message, 0, message.length, StandardCharsets.ISO_8859_1);
            final Message parsed = MessageUtils.parse(messageFactory, dictionary, text, true);
            dictionary.validate(parsed);
            blackhole.consume(parsed.getHeader().getString(quickfix.field.MsgType.FIELD));
            blackhole.consume(parsed.getString(ClOrdID.FIELD));
            blackhole.consume(parsed.getString(Symbol.FIELD));
            blackhole.consume(parsed.getChar(Side.FIELD));
            blackhole.consume(parsed.getDecimal(OrderQty.FIELD));
            blackhole.consume(parsed.getDecimal(Price.FIELD));
            return true;
        }
        catch (final InvalidMessage | FieldNotFound | IncorrectTagValue | IncorrectDataFormat | FieldException ex)
        {
            blackhole.consume(ex);
            return false;
        }
    }
}

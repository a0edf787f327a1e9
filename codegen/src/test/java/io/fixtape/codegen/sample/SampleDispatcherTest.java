package io.fixtape.codegen.sample;

import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MessageDispatcher calls the handler method of each message's type; everything else reaches onUnhandled. */
class SampleDispatcherTest
{
    @Test
    void dispatchesByMessageType()
    {
        final List<String> calls = new ArrayList<>();
        final MessageDispatcher dispatcher = new MessageDispatcher(new MessageDispatcher.Handler()
        {
            @Override
            public void onNewOrderSingle(final NewOrderSingleDecoder message, final SessionHandle session)
            {
                calls.add("order " + message.clOrdID());
            }

            @Override
            public void onUnhandled(final FixDecoder message, final SessionHandle session)
            {
                calls.add("unhandled " + io.fixtape.engine.codec.MsgTypes.toString(message.msgType()));
            }
        });

        assertTrue(dispatcher.dispatch(Fix.decode("35=D|11=A|"), null));
        assertTrue(dispatcher.dispatch(Fix.decode("35=8|37=O|"), null));
        assertFalse(dispatcher.dispatch(Fix.decode("35=AE|571=T|"), null));
        assertTrue(dispatcher.dispatch(Fix.decode("35=D|11=B|"), null));
        assertEquals(List.of("order A", "unhandled 8", "unhandled AE", "order B"), calls);
    }
}

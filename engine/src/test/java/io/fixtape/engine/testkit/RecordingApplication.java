package io.fixtape.engine.testkit;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.session.Session;

import java.util.ArrayList;
import java.util.List;

/**
 * A test application that records what it receives (readable, {@code |} for SOH; allocates) and, when echo is
 * on, echoes NewOrderSingle and SecurityDefinition back like the acceptance-test server (PossResend kept) and
 * answers any other application message with a BusinessMessageReject (unsupported message type).
 */
public final class RecordingApplication implements Application
{
    private final boolean echo;
    private final List<String> messages = new ArrayList<>();
    private int logons;
    private int logouts;

    public RecordingApplication(final boolean echo)
    {
        this.echo = echo;
    }

    @Override
    public void onLogon(final SessionHandle session)
    {
        logons++;
    }

    @Override
    public void onLogout(final SessionHandle session)
    {
        logouts++;
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        messages.add(message.buffer().getStringWithoutLengthAscii(message.offset(), message.length())
            .replace('\u0001', '|'));
        if (!echo)
        {
            return;
        }
        final long type = message.msgType();
        if (type == MsgTypes.NEW_ORDER_SINGLE || type == MsgTypes.SECURITY_DEFINITION)
        {
            final io.fixtape.engine.codec.FixEncoder encoder = session.newMessage(type);
            final int possResend = message.indexOf(Tags.POSS_RESEND);
            if (possResend >= 0)
            {
                encoder.putField(message, possResend);
            }
            int bodyStart = 0;
            while (bodyStart < message.fieldCount() && Tags.isHeaderTag(message.tagAt(bodyStart)))
            {
                bodyStart++;
            }
            int bodyEnd = message.fieldCount();
            if (message.tagAt(bodyEnd - 1) == Tags.CHECK_SUM)
            {
                bodyEnd--;
            }
            encoder.putFields(message, bodyStart, bodyEnd);
            session.send();
        }
        else
        {
            session.sendBusinessReject(message, Session.UNSUPPORTED_MESSAGE_TYPE, "Unsupported Message Type");
        }
    }

    public List<String> messages()
    {
        return messages;
    }

    public int logons()
    {
        return logons;
    }

    public int logouts()
    {
        return logouts;
    }
}

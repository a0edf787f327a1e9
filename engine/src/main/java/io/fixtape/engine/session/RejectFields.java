package io.fixtape.engine.session;

import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.dictionary.DictionaryException;
import io.fixtape.engine.dictionary.EnumValues;
import io.fixtape.engine.dictionary.FieldDefinition;
import io.fixtape.engine.codec.Tags;

/**
 * Which optional fields a session-level Reject (35=3) may carry in the session's FIX version, decided once when the
 * session is built so that sending a Reject only tests a bit:
 * <ul>
 *   <li>FIX.4.0/4.1 define neither RefTagID (371), RefMsgType (372) nor SessionRejectReason (373): only RefSeqNum
 *       (45) and Text (58) are sent.</li>
 *   <li>FIX.4.2 sends 371/372 and sends 373 only when the reason is a value FIX.4.2 defines (0..11 in the standard
 *       FIX42 dictionary): e.g. 13 "Tag appears more than once" and 15 "Out of order repeating group members"
 *       go out without 373, their Text still says why. This is QuickFIX/J's rule ({@code err <= INVALID_MSGTYPE}
 *       for FIX.4.2); the set is read from the standard FIX42 dictionary so both stay in step.</li>
 *   <li>FIX.4.3, FIX.4.4 and FIXT.1.1 always send 373 (QuickFIX/J does not consult the enumeration there).</li>
 * </ul>
 *
 * <p>Immutable, thread-safe.
 */
final class RejectFields
{
    /** FIX.4.2's SessionRejectReason values when its dictionary cannot be read: 0 (InvalidTagNumber) .. 11. */
    private static final long FIX42_FALLBACK_MASK = (1L << 12) - 1;

    private final boolean detail;
    private final boolean allReasons;
    private final long reasonMask;

    private RejectFields(final boolean detail, final boolean allReasons, final long reasonMask)
    {
        this.detail = detail;
        this.allReasons = allReasons;
        this.reasonMask = reasonMask;
    }

    /** @param version {@link Session#version(String)}: 40 .. 44, or 50 for FIXT.1.1 / FIX.5.0. */
    static RejectFields forVersion(final int version)
    {
        if (version < 42)
        {
            return new RejectFields(false, false, 0);
        }
        if (version == 42)
        {
            return new RejectFields(true, false, fix42ReasonMask());
        }
        return new RejectFields(true, true, 0);
    }

    /** Whether RefTagID (371) and RefMsgType (372) exist in this version. */
    boolean hasDetail()
    {
        return detail;
    }

    /** Whether SessionRejectReason (373) = {@code reason} is sent in this version. */
    boolean sendsReason(final int reason)
    {
        return allReasons || (reason >= 0 && reason < Long.SIZE && (reasonMask & (1L << reason)) != 0);
    }

    private static long fix42ReasonMask()
    {
        final EnumValues values;
        try
        {
            final FieldDefinition field = Dictionaries.standard("FIX.4.2").field(Tags.SESSION_REJECT_REASON);
            if (field == null || field.enumValues() == null || field.enumValues().size() == 0 ||
                field.enumValues().allowsAnyValue())
            {
                return FIX42_FALLBACK_MASK;
            }
            values = field.enumValues();
        }
        catch (final DictionaryException ex)
        {
            return FIX42_FALLBACK_MASK;
        }
        long mask = 0;
        for (int reason = 0; reason < Long.SIZE; reason++)
        {
            if (values.contains(Integer.toString(reason)))
            {
                mask |= 1L << reason;
            }
        }
        return mask;
    }
}

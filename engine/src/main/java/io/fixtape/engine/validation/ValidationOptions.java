package io.fixtape.engine.validation;

import io.fixtape.engine.codec.MsgTypes;
import org.agrona.collections.LongHashSet;

/**
 * Per-session validation switches, named and defaulted like QuickFIX/J's session settings, plus fixtape's own.
 * Build once at configuration time; {@link MessageValidator} copies what it needs.
 *
 * <table>
 * <caption>Settings</caption>
 * <tr><th>setter</th><th>QuickFIX/J key</th><th>default</th></tr>
 * <tr><td>validateUserDefinedFields</td><td>ValidateUserDefinedFields</td><td>true</td></tr>
 * <tr><td>validateFieldsOutOfOrder</td><td>ValidateFieldsOutOfOrder</td><td>true</td></tr>
 * <tr><td>validateFieldsHaveValues</td><td>ValidateFieldsHaveValues</td><td>true</td></tr>
 * <tr><td>validateUnorderedGroupFields</td><td>ValidateUnorderedGroupFields</td><td>true</td></tr>
 * <tr><td>allowUnknownMessageFields</td><td>AllowUnknownMessageFields</td><td>false</td></tr>
 * <tr><td>strictFormats</td><td>(fixtape) range-check dates/times, check LocalMktDate, MonthYear,
 * DayOfMonth, which QuickFIX/J passes as strings</td><td>true</td></tr>
 * <tr><td>rejectRepeatedHeaderTags</td><td>(fixtape) a tag repeated inside the header or trailer is rejected
 * (13); QuickFIX/J keeps the last value silently (N)</td><td>true</td></tr>
 * <tr><td>layoutCache</td><td>(fixtape) remember the field layouts (MsgType + tag sequence, no repeating
 * groups) that validated clean, and for a message with the same layout re-check only the values (empty, format,
 * enum); anything else, or any value problem, runs the full validation. Same verdicts either way.</td><td>true</td></tr>
 * <tr><td>supportedMessageType</td><td>(fixtape) application MsgTypes the application handles; others get a
 * BusinessMessageReject "unsupported message type". None added = all supported.</td><td>all</td></tr>
 * </table>
 *
 * <p>Not thread-safe while being configured; read-only afterwards.
 */
public final class ValidationOptions
{
    private boolean validateUserDefinedFields = true;
    private boolean validateFieldsOutOfOrder = true;
    private boolean validateFieldsHaveValues = true;
    private boolean validateUnorderedGroupFields = true;
    private boolean allowUnknownMessageFields = false;
    private boolean strictFormats = true;
    private boolean rejectRepeatedHeaderTags = true;
    private boolean layoutCache = true;
    private final LongHashSet supportedMessageTypes = new LongHashSet();

    public ValidationOptions validateUserDefinedFields(final boolean value)
    {
        validateUserDefinedFields = value;
        return this;
    }

    public ValidationOptions validateFieldsOutOfOrder(final boolean value)
    {
        validateFieldsOutOfOrder = value;
        return this;
    }

    public ValidationOptions validateFieldsHaveValues(final boolean value)
    {
        validateFieldsHaveValues = value;
        return this;
    }

    public ValidationOptions validateUnorderedGroupFields(final boolean value)
    {
        validateUnorderedGroupFields = value;
        return this;
    }

    public ValidationOptions allowUnknownMessageFields(final boolean value)
    {
        allowUnknownMessageFields = value;
        return this;
    }

    public ValidationOptions strictFormats(final boolean value)
    {
        strictFormats = value;
        return this;
    }

    public ValidationOptions rejectRepeatedHeaderTags(final boolean value)
    {
        rejectRepeatedHeaderTags = value;
        return this;
    }

    /** Declare an application MsgType the application handles (e.g. "D"); call once per type. */
    public ValidationOptions supportedMessageType(final String msgType)
    {
        supportedMessageTypes.add(MsgTypes.pack(msgType));
        return this;
    }

    /** Same as {@link #supportedMessageType(String)} with a packed MsgType. */
    public ValidationOptions supportedMessageType(final long packedMsgType)
    {
        supportedMessageTypes.add(packedMsgType);
        return this;
    }

    public boolean validateUserDefinedFields()
    {
        return validateUserDefinedFields;
    }

    public boolean validateFieldsOutOfOrder()
    {
        return validateFieldsOutOfOrder;
    }

    public boolean validateFieldsHaveValues()
    {
        return validateFieldsHaveValues;
    }

    public boolean validateUnorderedGroupFields()
    {
        return validateUnorderedGroupFields;
    }

    public boolean allowUnknownMessageFields()
    {
        return allowUnknownMessageFields;
    }

    public boolean strictFormats()
    {
        return strictFormats;
    }

    public ValidationOptions layoutCache(final boolean value)
    {
        layoutCache = value;
        return this;
    }

    public boolean layoutCache()
    {
        return layoutCache;
    }

    public boolean rejectRepeatedHeaderTags()
    {
        return rejectRepeatedHeaderTags;
    }

    /** True when no list was given or {@code packedMsgType} is in it. */
    public boolean isSupported(final long packedMsgType)
    {
        return supportedMessageTypes.isEmpty() || supportedMessageTypes.contains(packedMsgType);
    }

    ValidationOptions copy()
    {
        final ValidationOptions copy = new ValidationOptions()
            .validateUserDefinedFields(validateUserDefinedFields)
            .validateFieldsOutOfOrder(validateFieldsOutOfOrder)
            .validateFieldsHaveValues(validateFieldsHaveValues)
            .validateUnorderedGroupFields(validateUnorderedGroupFields)
            .allowUnknownMessageFields(allowUnknownMessageFields)
            .strictFormats(strictFormats)
            .rejectRepeatedHeaderTags(rejectRepeatedHeaderTags)
            .layoutCache(layoutCache);
        copy.supportedMessageTypes.addAll(supportedMessageTypes);
        return copy;
    }
}

package io.fixtape.engine.dictionary;

import io.fixtape.engine.codec.MsgTypes;
import org.agrona.collections.Int2ObjectHashMap;
import org.agrona.collections.Long2ObjectHashMap;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A loaded FIX data dictionary (QuickFIX format): fields by tag, messages by packed MsgType, header and
 * trailer. Built once by {@link DictionaryLoader}; every lookup used on the hot path is a primitive-keyed
 * array or map read and allocates nothing.
 *
 * <p>Immutable, thread-safe: one instance is shared by every session that uses it.
 */
public final class Dictionary
{
    private static final int DENSE_TAG_LIMIT = 1 << 16;

    private final String version;
    private final String servicePack;
    private final FieldDefinition[] denseFields;
    // hot path (validator): tag -> FieldType ordinal + 1 (0 = undefined) and tag -> enum values, beside denseFields
    private final byte[] denseTypeCodes;
    private final EnumValues[] denseEnums;
    private final Int2ObjectHashMap<FieldDefinition> sparseFields;
    private final Map<String, FieldDefinition> fieldsByName;
    private final Long2ObjectHashMap<MessageDefinition> messages;
    private final List<MessageDefinition> messageList;
    private final MessageDefinition header;
    private final MessageDefinition trailer;
    private final boolean charTypeChecked;
    private final int fieldCount;

    Dictionary(
        final String version,
        final String servicePack,
        final List<FieldDefinition> fields,
        final Map<String, FieldDefinition> fieldsByName,
        final List<MessageDefinition> messageList,
        final MessageDefinition header,
        final MessageDefinition trailer)
    {
        this.version = version;
        this.servicePack = servicePack;
        int maxDense = 0;
        for (final FieldDefinition field : fields)
        {
            if (field.tag() >= 0 && field.tag() < DENSE_TAG_LIMIT)
            {
                maxDense = Math.max(maxDense, field.tag());
            }
        }
        this.denseFields = new FieldDefinition[maxDense + 1];
        this.denseTypeCodes = new byte[maxDense + 1];
        this.denseEnums = new EnumValues[maxDense + 1];
        this.sparseFields = new Int2ObjectHashMap<>();
        for (final FieldDefinition field : fields)
        {
            if (field.tag() >= 0 && field.tag() < DENSE_TAG_LIMIT)
            {
                denseFields[field.tag()] = field;
                denseTypeCodes[field.tag()] = (byte)typeCode(field);
                denseEnums[field.tag()] = field.enumValues();
            }
            else
            {
                sparseFields.put(field.tag(), field);
            }
        }
        this.fieldCount = fields.size();
        this.fieldsByName = Collections.unmodifiableMap(fieldsByName);
        this.messages = new Long2ObjectHashMap<>();
        for (final MessageDefinition message : messageList)
        {
            messages.put(message.msgType(), message);
        }
        this.messageList = Collections.unmodifiableList(new ArrayList<>(messageList));
        this.header = header;
        this.trailer = trailer;
        // QuickFIX/J treats CHAR as a plain string up to FIX.4.1
        this.charTypeChecked = version.compareTo("FIX.4.1") > 0;
    }

    /** Version as QuickFIX/J names it: {@code type.major.minor} ("FIX.4.4", "FIXT.1.1", "FIX.5.0"). */
    public String version()
    {
        return version;
    }

    /** The {@code servicepack} attribute ("0" when absent). */
    public String servicePack()
    {
        return servicePack;
    }

    /** True for a transport dictionary (FIXT.x). */
    public boolean isTransport()
    {
        return version.startsWith("FIXT");
    }

    /** Definition of {@code tag}, or null when the dictionary does not define it. */
    public FieldDefinition field(final int tag)
    {
        if (tag >= 0 && tag < denseFields.length)
        {
            return denseFields[tag];
        }
        return tag >= DENSE_TAG_LIMIT || tag < 0 ? sparseFields.get(tag) : null;
    }

    /**
     * {@link FieldType#ordinal()} + 1 of {@code tag}'s type, or 0 when the dictionary does not define it: one array
     * read for the validator instead of a definition lookup and a field load per value.
     */
    public int typeCode(final int tag)
    {
        if (tag >= 0 && tag < denseTypeCodes.length)
        {
            return denseTypeCodes[tag];
        }
        return typeCode(field(tag));
    }

    /** Enumerated values of {@code tag}, or null (undefined tag or any value allowed by the type). */
    public EnumValues enumValues(final int tag)
    {
        if (tag >= 0 && tag < denseEnums.length)
        {
            return denseEnums[tag];
        }
        final FieldDefinition field = field(tag);
        return field == null ? null : field.enumValues();
    }

    private static int typeCode(final FieldDefinition field)
    {
        return field == null ? 0 : field.type().ordinal() + 1;
    }

    public boolean isField(final int tag)
    {
        return field(tag) != null;
    }

    /** Field by name (configuration and tools). */
    public FieldDefinition field(final String name)
    {
        return fieldsByName.get(name);
    }

    public int fieldCount()
    {
        return fieldCount;
    }

    /** Message by packed MsgType ({@link MsgTypes#pack}), or null. */
    public MessageDefinition message(final long packedMsgType)
    {
        return messages.get(packedMsgType);
    }

    /** Message by MsgType text (tools and tests). */
    public MessageDefinition message(final String msgType)
    {
        return messages.get(MsgTypes.pack(msgType));
    }

    public List<MessageDefinition> messages()
    {
        return messageList;
    }

    /** Header section, or null for a FIX 5.0+ application dictionary (the transport dictionary has it). */
    public MessageDefinition header()
    {
        return header;
    }

    /** Trailer section, or null for a FIX 5.0+ application dictionary. */
    public MessageDefinition trailer()
    {
        return trailer;
    }

    /** Whether CHAR values must be exactly one character (FIX 4.2 and later, as QuickFIX/J). */
    public boolean isCharTypeChecked()
    {
        return charTypeChecked;
    }

    @Override
    public String toString()
    {
        return "Dictionary(" + version + ("0".equals(servicePack) ? "" : " SP" + servicePack) + ", " + fieldCount +
            " fields, " + messageList.size() + " messages)";
    }
}

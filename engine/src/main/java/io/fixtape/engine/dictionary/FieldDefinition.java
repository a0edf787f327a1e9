package io.fixtape.engine.dictionary;

/**
 * One {@code <field>} of a dictionary: tag number, name, type and (optionally) its enumerated values.
 *
 * <p>Immutable, thread-safe.
 */
public final class FieldDefinition
{
    private final int tag;
    private final String name;
    private final FieldType type;
    private final EnumValues enumValues;

    FieldDefinition(final int tag, final String name, final FieldType type, final EnumValues enumValues)
    {
        this.tag = tag;
        this.name = name;
        this.type = type;
        this.enumValues = enumValues;
    }

    public int tag()
    {
        return tag;
    }

    public String name()
    {
        return name;
    }

    public FieldType type()
    {
        return type;
    }

    /** Enumerated values, or null when any value of the type is allowed. */
    public EnumValues enumValues()
    {
        return enumValues;
    }

    @Override
    public String toString()
    {
        return name + "(" + tag + "," + type + ")";
    }
}

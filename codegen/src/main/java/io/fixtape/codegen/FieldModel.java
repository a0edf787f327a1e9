package io.fixtape.codegen;

import io.fixtape.engine.dictionary.FieldDefinition;

/**
 * A field as generated code sees it: its engine definition, Java property name, value kind and (for enumerated
 * fields) the enum type. A CHAR or INT field whose enumerated values do not fit its type is read as text.
 *
 * <p>Generation time only; immutable.
 */
final class FieldModel
{
    private final FieldDefinition definition;
    private final String property;
    private final FieldKind kind;
    private final EnumModel enumModel;

    FieldModel(final FieldDefinition definition, final FieldKind kind, final EnumModel enumModel)
    {
        this.definition = definition;
        this.property = Names.property(definition.name());
        this.kind = kind;
        this.enumModel = enumModel;
    }

    int tag()
    {
        return definition.tag();
    }

    /** The FIX name ({@code ClOrdID}). */
    String name()
    {
        return definition.name();
    }

    /** The Java property ({@code clOrdID}). */
    String property()
    {
        return property;
    }

    FieldKind kind()
    {
        return kind;
    }

    /** The field's enum type, or null. */
    EnumModel enumModel()
    {
        return enumModel;
    }

    /** Whether accessors return the enum type (single-valued enumerated fields; lists of values are text). */
    boolean hasEnumAccessor()
    {
        return enumModel != null && !enumModel.isMultipleValue();
    }

    /** The dictionary type name for javadoc ({@code PRICE}, {@code CHAR}). */
    String typeName()
    {
        return definition.type().name();
    }
}

import Foundation

/// The JSON Schemas (Draft 2020-12) of profiles and catalogs, generated here so that the files in
/// `Schemas/`, the `plugboard schema` command and the validator describe one format.
package enum ProfileSchema {
    /// The profile schema; with a catalog, one whose enums list the program's containers, keys,
    /// implementations and scopes, and whose `value`/`with` follow the declared shapes (for editors).
    package static func profile(catalog: Catalog? = nil) -> [String: Any] {
        var definitions: [String: Any] = [
            "name": ["type": "string", "minLength": 1],
            "identifier": ["type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_():.]*$"],
            "settings": ["type": "object"],
            "members": members(["$ref": "#/$defs/name"]),
            "use": ["oneOf": [["$ref": "#/$defs/name"], ["$ref": "#/$defs/members"]]],
            "choice": choice(use: ["$ref": "#/$defs/use"], with: ["$ref": "#/$defs/settings"], value: [:]),
            "contexts": contexts(choice: ["$ref": "#/$defs/choice"]),
            "entry": entry(
                use: ["$ref": "#/$defs/use"], with: ["$ref": "#/$defs/settings"], value: [:],
                scope: ["$ref": "#/$defs/name"], contexts: ["$ref": "#/$defs/contexts"]),
        ]
        var containers: [String: Any] = [
            "type": "object",
            "propertyNames": ["$ref": "#/$defs/identifier"],
            "additionalProperties": [
                "type": "object",
                "propertyNames": ["$ref": "#/$defs/identifier"],
                "additionalProperties": ["$ref": "#/$defs/entry"],
            ],
        ]
        if let catalog {
            definitions["scope"] = ["enum": catalog.allScopeNames.sorted()]
            var containerProperties: [String: Any] = [:]
            for (containerName, container) in catalog.containers {
                var factories: [String: Any] = [:]
                for (key, factory) in container.factories {
                    if factory.list == true {
                        factories[key] = listEntry(factory)
                        continue
                    }
                    let names = ["default"] + factory.implementations.keys.sorted()
                    let use: [String: Any] = ["enum": names]
                    let settingsByUse = factory.implementations.sorted { $0.key < $1.key }.compactMap {
                        name, implementation -> [String: Any]? in
                        guard let settings = implementation.settings else { return nil }
                        return [
                            "if": ["properties": ["use": ["const": name]], "required": ["use"]],
                            "then": ["properties": ["with": settings.jsonSchema]],
                        ]
                    }
                    let value: [String: Any] = factory.value.map { $0.jsonSchema } ?? ["not": [:]]
                    var chosen = choice(use: use, with: ["type": "object"], value: value)
                    var entry = entry(
                        use: use, with: ["type": "object"], value: value, scope: ["$ref": "#/$defs/scope"],
                        contexts: contexts(choice: chosen))
                    if !settingsByUse.isEmpty {
                        entry["allOf"] = settingsByUse
                        if var oneOf = chosen["oneOf"] as? [[String: Any]] {
                            oneOf[1]["allOf"] = settingsByUse
                            chosen["oneOf"] = oneOf
                            entry["properties"] = (entry["properties"] as! [String: Any]).merging([
                                "contexts": contexts(choice: chosen)
                            ]) { _, new in new }
                        }
                    }
                    factories[key] = entry
                }
                containerProperties[containerName] = [
                    "type": "object", "additionalProperties": false, "properties": factories,
                ]
            }
            containers = ["type": "object", "additionalProperties": false, "properties": containerProperties]
        }
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": catalog == nil ? "plugboard-profile.schema.json" : "plugboard-profile.catalog.schema.json",
            "title": "Plugboard profile",
            "description":
                "A profile rewires a program's registrations at launch; it can only choose among what the program declared.",
            "type": "object",
            "required": ["plugboard"],
            "additionalProperties": false,
            "properties": [
                "$schema": ["type": "string"],
                "plugboard": ["description": "The format version.", "const": 1],
                "description": ["type": "string"],
                "extends": [
                    "oneOf": [["$ref": "#/$defs/name"], ["type": "array", "items": ["$ref": "#/$defs/name"]]]
                ],
                "containers": containers,
            ],
            "$defs": definitions,
        ]
    }

    /// A list of distinct members, each as `member` describes it.
    private static func members(_ member: [String: Any]) -> [String: Any] {
        ["type": "array", "items": member, "uniqueItems": true]
    }

    /// A list factory's entry: `use` names `default` or a list of its members (one name stands for a list
    /// of one), and `with` maps a member that has settings to them.
    private static func listEntry(_ factory: Catalog.CatalogFactory) -> [String: Any] {
        let names = factory.implementations.keys.sorted()
        let use: [String: Any] = ["oneOf": [["enum": ["default"] + names], members(["enum": names])]]
        var settings: [String: Any] = [:]
        for (name, implementation) in factory.implementations {
            if let shape = implementation.settings { settings[name] = shape.jsonSchema }
        }
        let with: [String: Any] = ["type": "object", "additionalProperties": false, "properties": settings]
        return entry(
            use: use, with: with, value: ["not": [:]], scope: ["$ref": "#/$defs/scope"],
            contexts: contexts(choice: choice(use: use, with: with, value: ["not": [:]])))
    }

    private static func entry(
        use: [String: Any], with: [String: Any], value: [String: Any], scope: [String: Any], contexts: [String: Any]
    ) -> [String: Any] {
        [
            "type": "object",
            "additionalProperties": false,
            "properties": ["use": use, "with": with, "value": value, "scope": scope, "contexts": contexts],
            "not": ["required": ["use", "value"]],
        ]
    }

    private static func choice(use: [String: Any], with: [String: Any], value: [String: Any]) -> [String: Any] {
        [
            "oneOf": [
                use,
                [
                    "type": "object",
                    "additionalProperties": false,
                    "properties": ["use": use, "with": with, "value": value],
                    "anyOf": [["required": ["use"]], ["required": ["value"]]],
                    "not": ["required": ["use", "value"]],
                ] as [String: Any],
            ]
        ]
    }

    private static func contexts(choice: [String: Any]) -> [String: Any] {
        var properties: [String: Any] = [:]
        for context in profileContexts { properties[context] = choice }
        properties["arg"] = ["type": "object", "propertyNames": ["minLength": 1], "additionalProperties": choice]
        return ["type": "object", "additionalProperties": false, "properties": properties]
    }

    /// The catalog schema.
    package static func catalog() -> [String: Any] {
        [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "plugboard-catalog.schema.json",
            "title": "Plugboard catalog",
            "description": "What a program declared that profiles may choose, written by --plugboard-export-catalog.",
            "type": "object",
            "required": ["plugboardCatalog", "containers", "scopes"],
            "additionalProperties": false,
            "properties": [
                "plugboardCatalog": ["const": 1],
                "scopes": [
                    "description": "Custom scopes declared by name.", "type": "array", "items": ["type": "string"],
                ],
                "containers": [
                    "type": "object",
                    "additionalProperties": [
                        "type": "object", "required": ["factories"], "additionalProperties": false,
                        "properties": [
                            "factories": ["type": "object", "additionalProperties": ["$ref": "#/$defs/factory"]]
                        ],
                    ],
                ],
            ],
            "$defs": [
                "factory": [
                    "type": "object", "required": ["type", "implementations"], "additionalProperties": false,
                    "properties": [
                        "type": ["type": "string"],
                        "implementations": [
                            "type": "object", "additionalProperties": ["$ref": "#/$defs/implementation"],
                        ],
                        "value": ["$ref": "#/$defs/shape"],
                        "definitionScope": [
                            "description":
                                "The scope the factory's definition sets on every access; a profile's scope cannot win over it.",
                            "type": "string",
                        ],
                        "list": [
                            "description":
                                "The factory makes a list whose members a profile chooses (use: [a, b]); its implementations are the members.",
                            "const": true,
                        ],
                        "unprovidedPromise": [
                            "description":
                                "The factory is promised() and the code registers nothing for it: a profile that does not provide it is an error or a warning (PB410).",
                            "enum": ["error", "warning"],
                        ],
                    ],
                ],
                "implementation": [
                    "type": "object", "additionalProperties": false,
                    "properties": ["settingsType": ["type": "string"], "settings": ["$ref": "#/$defs/shape"]],
                ],
                "shape": [
                    "description": "A JSON Schema fragment: the shape of a Decodable type.",
                    "type": "object",
                    "properties": [
                        "type": ["enum": ["string", "integer", "number", "boolean", "array", "object"]],
                        "format": ["enum": ["date-time", "uri", "secret-reference"]],
                        "minimum": ["type": "integer"],
                        "maximum": ["type": "integer"],
                        "checkedByProgram": [
                            "description": "The program's own decoding checks the value further at launch.",
                            "type": "boolean",
                        ],
                        "items": ["$ref": "#/$defs/shape"],
                        "properties": ["type": "object", "additionalProperties": ["$ref": "#/$defs/shape"]],
                        "required": ["type": "array", "items": ["type": "string"]],
                        "additionalProperties": ["oneOf": [["type": "boolean"], ["$ref": "#/$defs/shape"]]],
                    ],
                ],
            ],
        ]
    }

    /// A schema as stable, pretty JSON text ending in a newline.
    package static func text(_ schema: [String: Any]) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: schema, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension TypeShape {
    /// The shape as a JSON Schema fragment.
    var jsonSchema: [String: Any] {
        switch self {
        case .string: ["type": "string"]
        case .integer: ["type": "integer"]
        case .integerIn(let range): ["type": "integer", "minimum": range.lowerBound, "maximum": range.upperBound]
        case .date: ["type": "string", "format": "date-time"]
        case .url: ["type": "string", "format": "uri"]
        case .secret: ["type": "string", "pattern": SecretReference.pattern]
        case .number: ["type": "number"]
        case .boolean: ["type": "boolean"]
        case .any: [:]
        case .checkedByProgram(let shape): shape.jsonSchema
        case .array(let items): ["type": "array", "items": items.jsonSchema]
        case .map(let values): ["type": "object", "additionalProperties": values.jsonSchema]
        case .object(let properties, let required):
            [
                "type": "object", "properties": properties.mapValues(\.jsonSchema), "required": required.sorted(),
                "additionalProperties": false,
            ]
        }
    }
}

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
                "builds": [
                    "description":
                        "What the program's kept instances were built from, as far as it had built when it wrote the catalog: each factory (Container.key) with one it resolved while building, directly or through others. Absent from a catalog written at launch.",
                    "type": "array",
                    "items": ["$ref": "#/$defs/build"],
                ],
                "containers": containersByName,
            ],
            "$defs": [
                "factoryName": factoryName,
                "build": build,
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

    /// The schema of a running program's wiring snapshot (`ProfileSystem.wiring`, as JSON).
    package static func wiring() -> [String: Any] {
        let text: [String: Any] = ["type": "string"]
        let field: [String: Any] = [
            "type": "object", "required": ["field", "value", "place"], "additionalProperties": false,
            "properties": [
                "field": [
                    "description": "use, with (or with.FIELD), value, scope or contexts.NAME.", "type": "string",
                ],
                "value": [
                    "description": "The value as the profiles write it; a secret is its reference.", "type": "string",
                ],
                "place": ["description": "file:line, relative to the snapshot's folder.", "type": "string"],
            ],
        ]
        let factory: [String: Any] = [
            "type": "object",
            "required": ["type", "contexts", "changed", "keepsInstance", "fields"],
            "additionalProperties": false,
            "properties": [
                "type": ["description": "The factory's type, as the catalog names it.", "type": "string"],
                "use": ["description": "The implementation the profiles chose; absent: the code's.", "type": "string"],
                "scope": [
                    "description": "The profiles' scope, else the one the definition sets; absent: the code's.",
                    "type": "string",
                ],
                "contexts": ["type": "object", "additionalProperties": text],
                "changed": ["description": "Whether a profile changes it from the code's wiring.", "type": "boolean"],
                "keepsInstance": ["description": "Whether its scope keeps an instance now.", "type": "boolean"],
                "fields": ["type": "array", "items": ["$ref": "#/$defs/field"]],
            ],
        ]
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "plugboard-wiring.schema.json",
            "title": "Plugboard wiring snapshot",
            "description":
                "A running program's wiring at one moment: ProfileSystem.wiring as JSON (WiringSnapshot.jsonData()).",
            "type": "object",
            "required": [
                "plugboardWiring", "generation", "profiles", "chosenBy", "folder", "files", "overrides", "containers",
                "builds",
            ],
            "additionalProperties": false,
            "properties": [
                "plugboardWiring": ["const": 1],
                "generation": ["type": "integer", "minimum": 1],
                "profiles": ["type": "array", "items": text],
                "chosenBy": ["enum": ["code", "argument", "environment", "default", "none"]],
                "folder": text,
                "files": ["type": "array", "items": text],
                "overrides": [
                    "description": "The overrides' origins, never their values.", "type": "array", "items": text,
                ],
                "containers": containersByName,
                "builds": [
                    "description":
                        "What each kept instance was built from, recorded so far: from was resolved while built was built, directly or through others.",
                    "type": "array", "items": ["$ref": "#/$defs/build"],
                ],
            ],
            "$defs": ["factoryName": factoryName, "factory": factory, "field": field, "build": build],
        ]
    }

    /// Containers by name, each with its factories by key (each a `#/$defs/factory`): a catalog's, and a wiring
    /// snapshot's.
    static var containersByName: [String: Any] {
        [
            "type": "object",
            "additionalProperties": [
                "type": "object", "required": ["factories"], "additionalProperties": false,
                "properties": ["factories": ["type": "object", "additionalProperties": ["$ref": "#/$defs/factory"]]],
            ],
        ]
    }

    /// A recorded build: a factory whose kept instance was built, and one resolved while it was.
    static var build: [String: Any] {
        [
            "type": "object", "required": ["built", "from"], "additionalProperties": false,
            "properties": ["built": ["$ref": "#/$defs/factoryName"], "from": ["$ref": "#/$defs/factoryName"]],
        ]
    }

    /// A factory's name in a catalog's builds and a wiring snapshot's: `Container.key`.
    static var factoryName: [String: Any] {
        [
            "description": "A factory: its container's name, a dot, its key.", "type": "string",
            "pattern": "^.+\\.[^.]+$",
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

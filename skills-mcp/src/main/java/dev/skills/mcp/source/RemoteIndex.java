package dev.skills.mcp.source;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads {@code skill://index.json}, the index that Microsoft Agent Framework's and
 * FastMCP's skill clients read: {@code {"skills": [{"name", "description", "uri"}]}}
 * ({@code url} is accepted for {@code uri}). Only the URIs are used: name and description
 * come from each skill's own {@code SKILL.md}.
 */
final class RemoteIndex {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private RemoteIndex() {
	}

	/**
	 * The {@code SKILL.md} URIs an index names.
	 * @param index the index's bytes
	 * @return the URIs, in the index's order
	 * @throws IOException when it is not an index of that shape
	 */
	static List<String> entryPoints(byte[] index) throws IOException {
		JsonNode skills;
		try {
			skills = MAPPER.readTree(index).path("skills");
		}
		catch (JacksonException ex) {
			throw new IOException("not JSON: " + ex.getOriginalMessage());
		}
		if (!skills.isArray()) {
			throw new IOException("no 'skills' array");
		}
		List<String> uris = new ArrayList<>();
		for (JsonNode skill : skills) {
			JsonNode uri = skill.has("uri") ? skill.get("uri") : skill.path("url");
			if (!uri.isString()) {
				throw new IOException("a skill without a 'uri'");
			}
			uris.add(uri.stringValue());
		}
		return uris;
	}

}

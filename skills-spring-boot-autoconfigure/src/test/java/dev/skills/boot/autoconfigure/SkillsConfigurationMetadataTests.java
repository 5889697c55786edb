package dev.skills.boot.autoconfigure;

import java.beans.Introspector;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.skills.boot.autoconfigure.endpoint.SkillsEndpointProperties;
import dev.skills.boot.catalog.autoconfigure.SkillsCatalogProperties;
import dev.skills.boot.jdbc.autoconfigure.SkillsJdbcProperties;
import dev.skills.boot.mcp.autoconfigure.SkillsMcpProperties;
import dev.skills.boot.scripts.autoconfigure.SkillsScriptsProperties;
import dev.skills.boot.sets.autoconfigure.SkillSetsProperties;
import dev.skills.boot.sources.autoconfigure.SkillsSourcesProperties;
import dev.skills.core.SkillConfig;
import dev.skills.jdbc.JdbcActiveSkillsSchema;
import dev.skills.spring.ai.catalog.SkillCatalog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.context.properties.NestedConfigurationProperty;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The metadata the configuration processor generated into this module's jar is what IDEs
 * show: every {@code skills.*} property must be there, described.
 */
class SkillsConfigurationMetadataTests {

	private static final String METADATA = "META-INF/spring-configuration-metadata.json";

	private static JsonNode metadata;

	@BeforeAll
	static void readGeneratedMetadata() throws IOException {
		URL location = SkillsProperties.class.getProtectionDomain().getCodeSource().getLocation();
		URL found = null;
		for (URL url : Collections.list(SkillsProperties.class.getClassLoader().getResources(METADATA))) {
			if (url.toString().startsWith(location.toString()) || url.toString().contains(location.getPath())) {
				found = url;
			}
		}
		assertThat(found).as("%s next to %s", METADATA, location).isNotNull();
		try (InputStream in = found.openStream()) {
			metadata = JsonMapper.builder().build().readTree(in);
		}
	}

	@Test
	void whenMetadataIsGeneratedThenEverySkillsPropertyIsListedWithADescription() {
		Map<String, JsonNode> listed = skillsProperties();
		Set<String> expected = allProperties();
		assertThat(expected).contains("skills.active-skills.store", "skills.active-skills.ttl",
				"skills.active-skills.jdbc.initialize-schema", "skills.active-skills.jdbc.table-name", "skills.enabled",
				"skills.skills-dir", "skills.watch.debounce", "skills.active-skills.max-conversations",
				"skills.endpoint.show-instructions", "skills.catalog.max-tokens", "skills.catalog.always-include",
				"skills.catalog.search-results");
		assertThat(listed.keySet()).containsAll(expected);
		for (String name : expected) {
			assertThat(listed.get(name).path("description").asString("")).as("description of %s", name).isNotBlank();
		}
	}

	@Test
	void whenMetadataIsGeneratedThenItListsNoSkillsPropertyThatDoesNotExist() {
		assertThat(new TreeSet<>(skillsProperties().keySet())).isEqualTo(allProperties());
	}

	@Test
	void whenMetadataIsGeneratedThenDefaultsMatchTheProperties() {
		Map<String, JsonNode> listed = skillsProperties();
		assertThat(listed.get("skills.mode").path("defaultValue").asString()).isEqualTo("on-demand");
		assertThat(listed.get("skills.active-skills.store").path("defaultValue").asString()).isEqualTo("memory");
		assertThat(listed.get("skills.active-skills.ttl").path("defaultValue").asString()).isEqualTo("7d");
		assertThat(listed.get("skills.active-skills.jdbc.table-name").path("defaultValue").asString())
			.isEqualTo(JdbcActiveSkillsSchema.DEFAULT_TABLE_NAME);
		assertThat(listed.get("skills.active-skills.jdbc.initialize-schema").path("defaultValue").asString())
			.isEqualTo("embedded");
		assertThat(listed.get("skills.max-resource-bytes").path("defaultValue").asInt())
			.isEqualTo(new SkillsProperties().getMaxResourceBytes());
		assertThat(listed.get("skills.catalog.max-tokens").path("defaultValue").asInt())
			.isEqualTo(new SkillsCatalogProperties().getMaxTokens())
			.isEqualTo(SkillCatalog.DEFAULT_MAX_TOKENS);
		assertThat(listed.get("skills.catalog.search-results").path("defaultValue").asInt())
			.isEqualTo(new SkillsCatalogProperties().getSearchResults())
			.isEqualTo(SkillCatalog.DEFAULT_SEARCH_RESULTS);
		assertThat(listed.get("skills.max-body-bytes").path("defaultValue").asInt())
			.isEqualTo(SkillConfig.DEFAULT_MAX_BODY_BYTES);
		JsonNode skillsDir = listed.get("skills.skills-dir").path("defaultValue");
		assertThat(skillsDir.isArray()).isTrue();
		assertThat(skillsDir.values().stream().map(JsonNode::asString).toList())
			.isEqualTo(new SkillsProperties().getSkillsDir());
	}

	@Test
	void whenMetadataIsGeneratedThenModeHintsListBothModesAndHealthPropertyIsDescribed() {
		JsonNode modeHint = null;
		for (JsonNode hint : metadata.path("hints")) {
			if (hint.path("name").asString().equals("skills.mode")) {
				modeHint = hint;
			}
		}
		assertThat(modeHint).isNotNull();
		assertThat(modeHint.path("values").values().stream().map((v) -> v.path("value").asString()).toList())
			.containsExactly("on-demand", "session");
		JsonNode health = null;
		for (JsonNode property : metadata.path("properties")) {
			if (property.path("name").asString().equals("management.health.skills.enabled")) {
				health = property;
			}
		}
		assertThat(health).isNotNull();
		assertThat(health.path("description").asString()).isNotBlank();
	}

	// The skills.catalog, skills.active-skills.jdbc, skills.sources, skills.mcp and
	// skills.endpoint groups have their own properties classes.
	private static Set<String> allProperties() {
		Set<String> names = propertiesOf(SkillsProperties.PREFIX, SkillsProperties.class);
		names.addAll(propertiesOf(SkillsCatalogProperties.PREFIX, SkillsCatalogProperties.class));
		names.addAll(propertiesOf(SkillsJdbcProperties.PREFIX, SkillsJdbcProperties.class));
		names.addAll(propertiesOf(SkillsSourcesProperties.PREFIX, SkillsSourcesProperties.class));
		names.addAll(propertiesOf(SkillsMcpProperties.PREFIX, SkillsMcpProperties.class));
		names.addAll(propertiesOf(SkillsEndpointProperties.PREFIX, SkillsEndpointProperties.class));
		names.addAll(propertiesOf(SkillSetsProperties.PREFIX, SkillSetsProperties.class));
		names.addAll(propertiesOf(SkillsScriptsProperties.PREFIX, SkillsScriptsProperties.class));
		return names;
	}

	private static Map<String, JsonNode> skillsProperties() {
		Map<String, JsonNode> properties = new LinkedHashMap<>();
		for (JsonNode property : metadata.path("properties")) {
			String name = property.path("name").asString();
			if (name.startsWith(SkillsProperties.PREFIX + ".")) {
				properties.put(name, property);
			}
		}
		return properties;
	}

	// A JavaBean property with a setter is a property; a class nested in one of these
	// properties classes (or one marked @NestedConfigurationProperty) held in a final
	// field with a getter is a group whose properties are listed below its name.
	private static Set<String> propertiesOf(String prefix, Class<?> type) {
		Set<String> names = new TreeSet<>();
		for (Field field : type.getDeclaredFields()) {
			if (Modifier.isStatic(field.getModifiers())) {
				continue;
			}
			String name = prefix + "." + kebab(field.getName());
			Class<?> declaring = field.getType().getDeclaringClass();
			if ((declaring != null && declaring.getPackageName().startsWith("dev.skills.boot")
					&& !field.getType().isEnum()) || field.isAnnotationPresent(NestedConfigurationProperty.class)) {
				assertThat(getter(type, field)).as("getter of group %s", name).isNotNull();
				names.addAll(propertiesOf(name, field.getType()));
			}
			else {
				assertThat(setter(type, field)).as("setter of %s", name).isNotNull();
				names.add(name);
			}
		}
		return names;
	}

	private static Method getter(Class<?> type, Field field) {
		String suffix = Character.toUpperCase(field.getName().charAt(0)) + field.getName().substring(1);
		for (Method method : type.getMethods()) {
			if ((method.getName().equals("get" + suffix) || method.getName().equals("is" + suffix))
					&& method.getParameterCount() == 0) {
				return method;
			}
		}
		return null;
	}

	private static Method setter(Class<?> type, Field field) {
		String name = "set" + Character.toUpperCase(field.getName().charAt(0)) + field.getName().substring(1);
		for (Method method : type.getMethods()) {
			if (method.getName().equals(name) && method.getParameterCount() == 1) {
				return method;
			}
		}
		return null;
	}

	private static String kebab(String camel) {
		StringBuilder out = new StringBuilder();
		for (char c : Introspector.decapitalize(camel).toCharArray()) {
			if (Character.isUpperCase(c)) {
				out.append('-').append(Character.toLowerCase(c));
			}
			else {
				out.append(c);
			}
		}
		return out.toString();
	}

}

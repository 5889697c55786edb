package dev.skills.boot.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.skills.boot.app.SkillsTestApplication;
import dev.skills.test.ChatCompletionsStub;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.resttestclient.TestRestTemplate;
import org.springframework.boot.resttestclient.autoconfigure.AutoConfigureTestRestTemplate;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter in a running web application: real skill folders, the real OpenAI client
 * talking HTTP to a local stub, and the actuator over HTTP.
 */
@SpringBootTest(classes = SkillsTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=*", "management.endpoint.health.show-details=always",
				"spring.ai.openai.api-key=test" })
@AutoConfigureTestRestTemplate
class SkillsActuatorIntegrationTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	static Path skills;

	private static ChatCompletionsStub openAi;

	@Autowired
	private TestRestTemplate http;

	@BeforeAll
	static void writeSkillsAndStartTheModel() {
		Path pdf = SkillFixtures.rawSkill(skills, "pdf-processing", """
				---
				name: pdf-processing
				description: Work with PDF files and forms.
				license: Apache-2.0
				metadata:
				  author: docs-team
				allowed-tools: Read
				---
				Use the forms guide in references/FORMS.md.
				""");
		SkillFixtures.file(pdf, "references/FORMS.md", "Fill every field, then sign.");
		Path csv = SkillFixtures.skill(skills, "csv-cleaning", "Clean CSV files.", "Trim every cell.");
		SkillFixtures.file(csv, "references/RULES.md", "No empty rows.");
		SkillFixtures.rawSkill(skills, "reporting",
				"---\nname: reporting\ndescription: Write reports.\nowner: team-a\n---\nUse headings.\n");
		SkillFixtures.rawSkill(skills, "broken", "---\nname: broken\n---\nThe description is missing.\n");
		openAi = ChatCompletionsStub.start();
	}

	@AfterAll
	static void stopTheModel() {
		openAi.close();
	}

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("skills.skills-dir", () -> skills + ",classpath*:META-INF/skills/");
		registry.add("spring.ai.openai.base-url", () -> openAi.baseUrl());
	}

	@BeforeEach
	void resetTheModel() {
		openAi.reset();
	}

	@Test
	void whenSkillsAreListedThenTheJsonDescribesTheRegistryEverySkillAndEveryDiagnostic() {
		JsonNode body = getJson("/actuator/skills");

		assertThat(body.path("mode").asString()).isEqualTo("on-demand");
		assertThat(body.path("hotReload").isBoolean()).isTrue();
		assertThat(body.path("hotReload").asBoolean()).isFalse();
		assertThat(texts(body.path("locations"))).containsExactly(skills.toString(), "classpath*:META-INF/skills/");
		assertThat(body.path("generation").asLong()).isPositive();
		assertThat(Instant.parse(body.path("lastReload").asString())).isBeforeOrEqualTo(Instant.now());
		assertThat(texts(body.path("skills"), "name"))
			.contains("csv-cleaning", "pdf-processing", "reporting", "skill-authoring")
			.doesNotContain("broken");

		JsonNode pdf = skill(body, "pdf-processing");
		assertThat(pdf.path("description").asString()).isEqualTo("Work with PDF files and forms.");
		assertThat(pdf.path("location").asString()).isEqualTo(skills.resolve("pdf-processing/SKILL.md").toString());
		assertThat(pdf.path("source").asString()).isEqualTo(skills.resolve("pdf-processing").toString());
		assertThat(pdf.path("builtin").asBoolean()).isFalse();
		assertThat(pdf.path("files").asInt()).isEqualTo(1);
		assertThat(pdf.path("diagnostics").isArray()).isTrue();
		assertThat(pdf.path("diagnostics").size()).isZero();

		JsonNode reporting = skill(body, "reporting");
		assertThat(reporting.path("diagnostics").size()).isPositive();
		JsonNode warning = reporting.path("diagnostics").get(0);
		assertThat(warning.path("severity").asString()).isEqualTo("warning");
		assertThat(warning.path("file").asString()).isEqualTo(skills.resolve("reporting/SKILL.md").toString());
		assertThat(warning.path("skill").asString()).isEqualTo("reporting");
		assertThat(warning.path("message").asString()).contains("owner");

		assertThat(skill(body, "skill-authoring").path("builtin").asBoolean()).isTrue();

		List<JsonNode> all = list(body.path("diagnostics"));
		assertThat(all).anySatisfy((d) -> {
			assertThat(d.path("severity").asString()).isEqualTo("error");
			assertThat(d.path("file").asString()).isEqualTo(skills.resolve("broken/SKILL.md").toString());
			assertThat(d.path("message").asString()).contains("description");
		});
		assertThat(all).contains(warning);
	}

	@Test
	void whenOneSkillIsAskedForThenTheJsonHoldsItsFrontmatterAndFilesButNotItsInstructions() {
		JsonNode pdf = getJson("/actuator/skills/pdf-processing");

		assertThat(pdf.path("name").asString()).isEqualTo("pdf-processing");
		assertThat(pdf.path("description").asString()).isEqualTo("Work with PDF files and forms.");
		assertThat(pdf.path("license").asString()).isEqualTo("Apache-2.0");
		assertThat(pdf.path("metadata").path("author").asString()).isEqualTo("docs-team");
		assertThat(texts(pdf.path("allowedTools"))).containsExactly("Read");
		assertThat(texts(pdf.path("files"))).containsExactly("references/FORMS.md");
		assertThat(pdf.path("location").asString()).isEqualTo(skills.resolve("pdf-processing/SKILL.md").toString());
		assertThat(pdf.has("instructions") && !pdf.path("instructions").isNull()).as("instructions shown").isFalse();
		assertThat(pdf.toString()).doesNotContain("Use the forms guide");
	}

	@Test
	void whenAnUnknownSkillIsAskedForThenTheAnswerIs404() {
		ResponseEntity<String> response = this.http.getForEntity("/actuator/skills/no-such-skill", String.class);
		assertThat(response.getStatusCode()).isEqualTo(HttpStatus.NOT_FOUND);
	}

	@Test
	void whenFilesChangeOnDiskThenPostingToTheEndpointReloadsAndReturnsWhatChanged() throws IOException {
		long before = getJson("/actuator/skills").path("generation").asLong();

		SkillFixtures.skill(skills, "scratch", "A skill made by this test.", "Body.");
		JsonNode added = postJson("/actuator/skills");
		assertThat(texts(added.path("added"))).containsExactly("scratch");
		assertThat(added.path("changed").size()).isZero();
		assertThat(added.path("removed").size()).isZero();
		assertThat(added.path("generation").asLong()).isGreaterThan(before);
		assertThat(texts(getJson("/actuator/skills").path("skills"), "name")).contains("scratch");

		SkillFixtures.skill(skills, "scratch", "A skill this test changed.", "Body.");
		JsonNode changed = postJson("/actuator/skills");
		assertThat(texts(changed.path("changed"))).containsExactly("scratch");
		assertThat(getJson("/actuator/skills/scratch").path("description").asString())
			.isEqualTo("A skill this test changed.");

		Files.delete(skills.resolve("scratch/SKILL.md"));
		Files.delete(skills.resolve("scratch"));
		JsonNode removed = postJson("/actuator/skills");
		assertThat(texts(removed.path("removed"))).containsExactly("scratch");
		assertThat(removed.path("generation").asLong()).isEqualTo(changed.path("generation").asLong() + 1);
		assertThat(this.http.getForEntity("/actuator/skills/scratch", String.class).getStatusCode())
			.isEqualTo(HttpStatus.NOT_FOUND);

		JsonNode nothing = postJson("/actuator/skills");
		assertThat(nothing.path("added").size() + nothing.path("changed").size() + nothing.path("removed").size())
			.isZero();
		assertThat(nothing.path("generation").asLong()).isEqualTo(removed.path("generation").asLong());
	}

	@Test
	void whenAConversationActivatesASkillThenActiveSkillsListsIt() {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}").thenAnswer("The form is filled.");

		assertThat(chat("conversation-7", "Please fill my PDF form")).isEqualTo("The form is filled.");

		JsonNode all = getJson("/actuator/activeskills");
		assertThat(all.path("limit").asInt()).isEqualTo(100);
		JsonNode conversation = all.path("conversations").path("conversation-7");
		assertThat(texts(conversation, "name")).containsExactly("pdf-processing");
		Instant activatedAt = Instant.parse(conversation.get(0).path("activatedAt").asString());
		assertThat(activatedAt).isBeforeOrEqualTo(Instant.now());

		JsonNode one = getJson("/actuator/activeskills/conversation-7");
		assertThat(one.path("conversationId").asString()).isEqualTo("conversation-7");
		assertThat(texts(one.path("skills"), "name")).containsExactly("pdf-processing");

		openAi.thenCall("activate_skill", "{\"skill_name\":\"csv-cleaning\"}").thenAnswer("Cleaned.");
		chat("conversation-7b", "Clean my CSV");
		JsonNode limited = getJson("/actuator/activeskills?limit=1");
		assertThat(limited.path("limit").asInt()).isEqualTo(1);
		assertThat(limited.path("conversations").propertyNames()).containsExactly("conversation-7b");

		JsonNode unknown = getJson("/actuator/activeskills/nobody");
		assertThat(unknown.path("skills").size()).isZero();
	}

	@Test
	void whenASkillIsActivatedThenTheSkillsEndpointShowsItsUsageAndTheSkillsNeverActivated() {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"reporting\"}").thenAnswer("Reported.");
		Instant before = Instant.now();

		assertThat(chat("conversation-usage", "Write the weekly report")).isEqualTo("Reported.");

		JsonNode usage = getJson("/actuator/skills").path("usage");
		assertThat(Instant.parse(usage.path("since").asString())).isBefore(before);
		JsonNode reporting = list(usage.path("activated")).stream()
			.filter((skill) -> skill.path("name").asString().equals("reporting"))
			.findFirst()
			.orElseThrow();
		assertThat(reporting.path("count").asLong()).isEqualTo(1);
		assertThat(Instant.parse(reporting.path("last").asString())).isBetween(before, Instant.now());
		assertThat(texts(usage.path("neverActivated"))).doesNotContain("reporting").contains("skill-authoring");
		assertThat(usage.path("neverActivatedCount").asInt()).isEqualTo(usage.path("neverActivated").size());
		assertThat(usage.path("leftOut").path("requests").asInt()).isPositive();
		assertThat(usage.path("leftOut").path("skills").isArray()).isTrue();
	}

	@Test
	void whenTheLimitIsOutOfRangeThenActiveSkillsAnswers400WithAMessage() {
		for (String limit : new String[] { "0", "-3", "1001" }) {
			ResponseEntity<String> response = this.http.getForEntity("/actuator/activeskills?limit=" + limit,
					String.class);
			assertThat(response.getStatusCode()).isEqualTo(HttpStatus.BAD_REQUEST);
			assertThat(response.getBody()).contains("limit must be between 1 and 1000, was " + limit);
		}
	}

	@Test
	void whenAnActiveSkillIsDeletedThenNoConversationListsIt() throws IOException {
		SkillFixtures.skill(skills, "short-lived", "A skill this test deletes.", "Body.");
		postJson("/actuator/skills");
		openAi.thenCall("activate_skill", "{\"skill_name\":\"short-lived\"}").thenAnswer("Done.");
		chat("conversation-gone", "Use the short-lived skill");
		assertThat(texts(getJson("/actuator/activeskills/conversation-gone").path("skills"), "name"))
			.containsExactly("short-lived");

		Files.delete(skills.resolve("short-lived/SKILL.md"));
		Files.delete(skills.resolve("short-lived"));
		postJson("/actuator/skills");

		assertThat(getJson("/actuator/activeskills/conversation-gone").path("skills").size()).isZero();
		assertThat(getJson("/actuator/activeskills").path("conversations").has("conversation-gone")).isFalse();
	}

	@Test
	void whenTheModelIsCalledThenItSeesTheCatalogAndTheSkillToolsAndGetsTheSkillContent() {
		openAi.thenCall("activate_skill", "{\"skill_name\":\"pdf-processing\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"pdf-processing\",\"path\":\"references/FORMS.md\"}")
			.thenAnswer("Signed.");

		assertThat(chat("conversation-8", "Fill the PDF form")).isEqualTo("Signed.");

		List<JsonNode> requests = openAi.requests();
		assertThat(requests).hasSize(3);
		JsonNode first = requests.get(0);
		String system = first.path("messages").get(0).path("content").toString();
		assertThat(first.path("messages").get(0).path("role").asString()).isEqualTo("system");
		assertThat(system).contains("You are a helpful assistant.", "<available_skills>", "<name>pdf-processing</name>",
				"<description>Work with PDF files and forms.</description>");
		assertThat(texts(first.path("tools"), "function", "name")).containsExactlyInAnyOrder("activate_skill",
				"read_skill_resource");
		JsonNode activate = list(first.path("tools")).stream()
			.filter((tool) -> tool.path("function").path("name").asString().equals("activate_skill"))
			.findFirst()
			.orElseThrow();
		assertThat(
				texts(activate.path("function").path("parameters").path("properties").path("skill_name").path("enum")))
			.contains("pdf-processing", "csv-cleaning", "reporting");
		assertThat(toolResults(requests.get(1))).singleElement()
			.satisfies((text) -> assertThat(text).startsWith("<skill_content name=\"pdf-processing\">")
				.contains("Use the forms guide in references/FORMS.md."));
		assertThat(toolResults(requests.get(2))).last().isEqualTo("Fill every field, then sign.");
	}

	@Test
	void whenHealthIsAskedForThenSkillsIsUpWithCounts() {
		JsonNode health = getJson("/actuator/health");
		JsonNode component = health.path("components").path("skills");
		assertThat(component.path("status").asString()).isEqualTo("UP");
		JsonNode details = component.path("details");
		int listed = getJson("/actuator/skills").path("skills").size();
		assertThat(details.path("skills").asInt()).isEqualTo(listed).isGreaterThanOrEqualTo(4);
		assertThat(details.path("errors").asInt()).isEqualTo(1);
		assertThat(details.path("warnings").asInt()).isPositive();
		assertThat(details.path("generation").asLong()).isPositive();
		assertThat(details.path("lastReload").asString()).isNotBlank();
	}

	@Test
	void whenTheToolLoopRunsThenMetersDerivedFromItsObservationsAreServedByTheMetricsEndpoint() throws IOException {
		// Other tests share this application: compare with the counts before this loop.
		String activations = "/actuator/metrics/skills.activation?tag=gen_ai.skill.name:csv-cleaning&tag=skills.outcome:ok";
		String reads = "/actuator/metrics/skills.resource.read?tag=gen_ai.skill.name:csv-cleaning&tag=skills.outcome:";
		String reloads = "/actuator/metrics/skills.reload?tag=outcome:success";
		double activationsBefore = measurement(activations, "COUNT");
		double readsBefore = measurement(reads + "ok", "COUNT");
		double notFoundBefore = measurement(reads + "not_found", "COUNT");
		double reloadsBefore = measurement(reloads, "COUNT");
		openAi.thenCall("activate_skill", "{\"skill_name\":\"csv-cleaning\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"csv-cleaning\",\"path\":\"references/RULES.md\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"csv-cleaning\",\"path\":\"references/NOPE.md\"}")
			.thenAnswer("Clean.");
		assertThat(chat("conversation-9", "Clean my CSV")).isEqualTo("Clean.");
		Path later = SkillFixtures.skill(skills, "later", "Appears later.", "Body.");
		try {
			postJson("/actuator/skills");

			int listed = getJson("/actuator/skills").path("skills").size();
			assertThat(measurement("/actuator/metrics/skills.loaded", "VALUE")).isEqualTo(listed);
			assertThat(measurement("/actuator/metrics/skills.diagnostics?tag=severity:error", "VALUE")).isEqualTo(1);
			assertThat(measurement("/actuator/metrics/skills.diagnostics?tag=severity:warning", "VALUE")).isPositive();
			assertThat(measurement(activations, "COUNT")).isEqualTo(activationsBefore + 1);
			assertThat(measurement(reads + "ok", "COUNT")).isEqualTo(readsBefore + 1);
			assertThat(measurement(reads + "not_found", "COUNT")).isEqualTo(notFoundBefore + 1);
			assertThat(measurement(reloads, "COUNT")).isEqualTo(reloadsBefore + 1);
		}
		finally {
			Files.delete(later.resolve("SKILL.md"));
			Files.delete(later);
			postJson("/actuator/skills");
		}
	}

	@Test
	void whenTheModelMakesUpSkillNamesThenNoMeterIsTaggedWithThem() {
		double unknownReadsBefore = measurement(
				"/actuator/metrics/skills.resource.read?tag=gen_ai.skill.name:unknown&tag=skills.outcome:not_found",
				"COUNT");
		openAi.thenCall("activate_skill", "{\"skill_name\":\"made-up-skill-1\"}")
			.thenCall("read_skill_resource", "{\"skill_name\":\"made-up-skill-2\",\"path\":\"a.md\"}")
			.thenAnswer("Sorry.");
		assertThat(chat("conversation-10", "Use a skill that does not exist")).isEqualTo("Sorry.");

		List<String> names = texts(getJson("/actuator/metrics").path("names"));
		assertThat(names).contains("skills.activation", "skills.resource.read").doesNotContain("skills.activations");
		for (String name : names.stream().filter((n) -> n.startsWith("skills.")).toList()) {
			JsonNode meter = getJson("/actuator/metrics/" + name);
			for (JsonNode tag : meter.path("availableTags")) {
				assertThat(texts(tag.path("values"))).as("values of tag %s of %s", tag.path("tag").asString(), name)
					.noneMatch((value) -> value.startsWith("made-up-skill"));
			}
		}
		assertThat(measurement(
				"/actuator/metrics/skills.resource.read?tag=gen_ai.skill.name:unknown&tag=skills.outcome:not_found",
				"COUNT"))
			.isEqualTo(unknownReadsBefore + 1);
	}

	private String chat(String conversationId, String message) {
		ResponseEntity<String> response = this.http.postForEntity("/chat/" + conversationId, message, String.class);
		assertThat(response.getStatusCode()).as(response.getBody()).isEqualTo(HttpStatus.OK);
		return response.getBody();
	}

	private JsonNode getJson(String path) {
		ResponseEntity<String> response = this.http.getForEntity(path, String.class);
		assertThat(response.getStatusCode()).as("GET %s: %s", path, response.getBody()).isEqualTo(HttpStatus.OK);
		return JSON.readTree(response.getBody());
	}

	private JsonNode postJson(String path) {
		ResponseEntity<String> response = this.http.postForEntity(path, null, String.class);
		assertThat(response.getStatusCode()).as("POST %s: %s", path, response.getBody()).isEqualTo(HttpStatus.OK);
		return JSON.readTree(response.getBody());
	}

	// A meter that was never recorded is 404: count it as 0.
	private double measurement(String path, String statistic) {
		ResponseEntity<String> response = this.http.getForEntity(path, String.class);
		if (response.getStatusCode() == HttpStatus.NOT_FOUND) {
			return 0;
		}
		assertThat(response.getStatusCode()).as("GET %s", path).isEqualTo(HttpStatus.OK);
		for (JsonNode measurement : JSON.readTree(response.getBody()).path("measurements")) {
			if (measurement.path("statistic").asString().equals(statistic)) {
				return measurement.path("value").asDouble();
			}
		}
		throw new AssertionError("No " + statistic + " in " + response.getBody());
	}

	private static JsonNode skill(JsonNode body, String name) {
		return list(body.path("skills")).stream()
			.filter((skill) -> skill.path("name").asString().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("No skill " + name + " in " + body));
	}

	private static List<String> toolResults(JsonNode request) {
		List<String> results = new ArrayList<>();
		for (JsonNode message : request.path("messages")) {
			if (message.path("role").asString().equals("tool")) {
				JsonNode content = message.path("content");
				results.add(content.isString() ? content.asString() : content.toString());
			}
		}
		return results;
	}

	private static List<JsonNode> list(JsonNode array) {
		List<JsonNode> nodes = new ArrayList<>();
		array.forEach(nodes::add);
		return nodes;
	}

	private static List<String> texts(JsonNode array, String... path) {
		List<String> texts = new ArrayList<>();
		for (JsonNode node : array) {
			JsonNode value = node;
			for (String field : path) {
				value = value.path(field);
			}
			texts.add(value.asString());
		}
		return texts;
	}

}

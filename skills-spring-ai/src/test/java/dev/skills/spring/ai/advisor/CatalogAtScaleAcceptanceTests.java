package dev.skills.spring.ai.advisor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.PublicStyleSkills;
import dev.skills.test.ScriptedChatModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.tokenizer.JTokkitTokenCountEstimator;
import org.springframework.ai.tool.definition.ToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 9's acceptance: one location holding 10,000 generated skills in
 * {@code category/skill} layout, 1,900 skills in the forms real public collections use
 * ({@link PublicStyleSkills}) and the example PDF skill; default settings, a real
 * ChatClient over a scripted model.
 */
class CatalogAtScaleAcceptanceTests {

	static final int CATEGORIES = 50;

	static final int PER_CATEGORY = 200;

	static final String[] VERBS = { "Reviews", "Drafts", "Checks", "Summarises", "Migrates", "Audits", "Plans",
			"Tests" };

	static final String[] OBJECTS = { "invoices", "contracts", "release notes", "database schemas", "dashboards",
			"onboarding guides", "incident reports", "API clients", "budgets", "test plans", "job adverts" };

	static final int PUBLIC_STYLE = 1_900;

	static final String[] TEAMS = { "finance", "legal", "platform", "sales", "support", "security", "data", "mobile",
			"hiring" };

	@TempDir
	static Path root;

	static SkillsRegistry registry;

	@BeforeAll
	static void tenThousandSkills() throws IOException {
		for (int c = 0; c < CATEGORIES; c++) {
			Path category = root.resolve("category-%02d".formatted(c));
			for (int s = 0; s < PER_CATEGORY; s++) {
				int i = c * PER_CATEGORY + s;
				write(category.resolve("c%02d-skill-%03d".formatted(c, s)),
						"---\nname: c%02d-skill-%03d\n".formatted(c, s)
								+ "description: %s %s for the %s team and reports what needs attention (case %d).\n"
									.formatted(VERBS[i % VERBS.length], OBJECTS[i / 7 % OBJECTS.length],
											TEAMS[i / 3 % TEAMS.length], i)
								+ "---\nInstructions.\n");
			}
		}
		PublicStyleSkills.write(root.resolve("public"), PUBLIC_STYLE);
		Path science = root.resolve("category-science");
		write(science.resolve("glacier-telemetry"), "---\nname: glacier-telemetry\ndescription: Parses glacier "
				+ "telemetry feeds from field stations and flags sensor drift.\n---\nPlot the drift per station.\n");
		Path documents = root.resolve("category-documents");
		try (Stream<Path> files = Files.walk(Path.of("../examples/skills/pdf-processing"))) {
			for (Path file : files.filter(Files::isRegularFile).toList()) {
				Path target = documents.resolve("pdf-processing")
					.resolve(Path.of("../examples/skills/pdf-processing").relativize(file).toString());
				Files.createDirectories(target.getParent());
				Files.copy(file, target);
			}
		}
		registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(root.toString()).build());
	}

	@AfterAll
	static void close() {
		registry.close();
	}

	static void write(Path skill, String text) throws IOException {
		Files.createDirectories(skill);
		Files.writeString(skill.resolve("SKILL.md"), text, StandardCharsets.UTF_8);
	}

	ScriptedChatModel model = new ScriptedChatModel();

	ChatClient client() {
		return ChatClient.builder(this.model).defaultAdvisors(SkillsAdvisor.builder(registry).build()).build();
	}

	@Test
	void everySkillOfTheLocationLoadsWithTheDefaultSettings() {
		assertThat(registry.size()).isEqualTo(CATEGORIES * PER_CATEGORY + PUBLIC_STYLE + 2);
		assertThat(registry.diagnostics()).noneMatch(SkillDiagnostic::isError);
		// The forms real collections use load with the warnings that say what was read.
		assertThat(registry.get("pub-0007")).get()
			.extracting(SkillMeta::description)
			.isEqualTo("Use this skill when: the user asks about invoice reconciliation");
		assertThat(registry.get("pub-0005")).get()
			.extracting(SkillMeta::allowedTools)
			.isEqualTo(List.of("Read", "Write", "Bash(git:*)"));
		assertThat(registry.get("pub-0012")).get().extracting(SkillMeta::description).asString().contains("日本語のメモも 📊");
	}

	@Test
	void aPdfFormRequestGetsACatalogWithinFourThousandTokensListingThePdfSkillAndNoEnumOfEveryName() {
		this.model.thenAnswer("ok");

		client().prompt().user("Fill in the fields of this PDF form").call().content();

		Prompt prompt = this.model.prompts().get(0);
		String catalog = prompt.getSystemMessage().getText();
		assertThat(new JTokkitTokenCountEstimator().estimate(catalog)).isLessThanOrEqualTo(4000);
		assertThat(catalog).contains("<skill><name>pdf-processing</name>")
			.containsPattern("\\d+ more skills are not listed here; call search_skills");
		assertThat(Prompts.toolNames(prompt)).containsExactly("activate_skill", "read_skill_resource", "search_skills");
		int definitions = 0;
		for (String tool : Prompts.toolNames(prompt)) {
			ToolDefinition definition = Prompts.toolDefinition(prompt, tool);
			assertThat(definition.inputSchema()).doesNotContain("\"enum\"");
			definitions += definition.description().length() + definition.inputSchema().length();
		}
		// An enum of every name would be about 150,000 characters.
		assertThat(definitions).isLessThan(2_000);
	}

	@Test
	void aSkillTheCatalogLeftOutIsFoundBySearchSkillsAndActivatedByName() {
		this.model.thenCall("search_skills", "{\"query\":\"glacier telemetry\"}")
			.thenCall("activate_skill", "{\"skill_name\":\"glacier-telemetry\"}")
			.thenAnswer("done");

		client().prompt().user("Hello, can you help me today?").call().content();

		assertThat(this.model.prompts().get(0).getSystemMessage().getText()).doesNotContain("glacier-telemetry");
		assertThat(Prompts.lastToolResult(this.model.prompts().get(1)).lines().findFirst()).hasValue(
				"<skill><name>glacier-telemetry</name><description>Parses glacier telemetry feeds from field stations "
						+ "and flags sensor drift.</description></skill>");
		assertThat(Prompts.lastToolResult(this.model.prompts().get(2)))
			.startsWith(Prompts.contentTag("glacier-telemetry"))
			.contains("Plot the drift per station.");
	}

}

package dev.skills.spring.ai.tool.scope;

import java.nio.file.Path;

import dev.skills.core.activation.InMemoryActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.Prompts;
import dev.skills.spring.ai.RecordingTool;
import dev.skills.spring.ai.TestRegistries;
import dev.skills.spring.ai.advisor.SkillsAdvisor;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.tool.SkillsToolCallbackProvider;
import dev.skills.spring.ai.tool.SkillsTools;
import dev.skills.test.ScriptedChatModel;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.tool.ToolCallback;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request's other tools narrowed by the active skills' allowed-tools and
 * disallowed-tools, on the next request and within the request that activates the skill.
 */
class SkillsAdvisorToolScopingTests {

	final InMemoryActiveSkillsRepository activeSkills = new InMemoryActiveSkillsRepository();

	static final String NOT_ALLOWED = "Error: tool 'Bash' is not in the allowed-tools of skill 'reader' (Read Grep). "
			+ "Use another tool or finish without it.";

	static final String DISALLOWED = "Error: tool 'Bash' is disallowed by skill 'no-shell'. "
			+ "Use another tool or finish without it.";

	@TempDir
	Path root;

	SkillsRegistry registry;

	ScriptedChatModel model = new ScriptedChatModel();

	RecordingTool read = new RecordingTool("Read");

	RecordingTool grep = new RecordingTool("Grep");

	RecordingTool bash = new RecordingTool("Bash");

	ChatClient client;

	SkillsAdvisor advisor;

	@BeforeEach
	void skills() {
		SkillFixtures.skillWithFrontmatter(this.root, "reader", "allowed-tools: Read Grep", "Only read.");
		SkillFixtures.skillWithFrontmatter(this.root, "no-shell", "disallowed-tools: [Bash]", "Never run commands.");
		SkillFixtures.skillWithFrontmatter(this.root, "git-helper", "allowed-tools: Bash(git:*) Read", "Use git.");
		SkillFixtures.skillWithFrontmatter(this.root, "free", "", "Anything goes.");
		this.registry = TestRegistries.of(this.root);
		this.advisor = SkillsAdvisor
			.builder(SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build())
			.build();
		this.client = ChatClient.builder(this.model)
			.defaultAdvisors(this.advisor)
			.defaultTools(this.read, this.grep, this.bash)
			.build();
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	String ask(String conversation) {
		return this.client.prompt()
			.user("Look at the repository")
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, conversation))
			.call()
			.content();
	}

	Prompt prompt(int index) {
		return this.model.prompts().get(index);
	}

	Prompt lastPrompt() {
		return this.model.prompts().get(this.model.prompts().size() - 1);
	}

	@Test
	void withoutActiveSkillsEveryToolIsOffered() {
		this.model.thenAnswer("ok");

		ask("c1");

		assertThat(Prompts.toolNames(prompt(0))).containsExactly("activate_skill", "Read", "Grep", "Bash");
	}

	@Test
	void afterActivatingAllowedToolsTheNextRequestOffersOnlyThoseTools() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"reader\"}").thenAnswer("ok").thenAnswer("next");

		ask("c1");
		ask("c1");

		assertThat(Prompts.toolNames(prompt(1))).containsExactly("activate_skill", "Read", "Grep", "Bash");
		assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "Read", "Grep");
	}

	@Test
	void afterActivatingDisallowedToolsTheNextRequestDropsThem() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"no-shell\"}").thenAnswer("ok").thenAnswer("next");

		ask("c1");
		ask("c1");

		assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "Read", "Grep");
	}

	@Test
	void aSkillWithoutToolRulesRestrictsNothing() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"free\"}").thenAnswer("ok").thenAnswer("next");

		ask("c1");
		ask("c1");

		assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "Read", "Grep", "Bash");
	}

	@Test
	void anArgumentPatternInAllowedToolsStillNamesTheTool() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"git-helper\"}").thenAnswer("ok").thenAnswer("next");

		ask("c1");
		ask("c1");

		assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "Read", "Bash");
	}

	@Test
	void twoActiveSkillsIntersectTheirRules() {
		this.model
			.thenCalls("activate_skill", "{\"skill_name\":\"git-helper\"}", "activate_skill",
					"{\"skill_name\":\"reader\"}")
			.thenAnswer("ok")
			.thenAnswer("next");

		ask("c1");
		ask("c1");

		assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "Read");
	}

	@Test
	void aScopedOutToolCalledOnALaterTurnGetsTheRefusalAndTheRequestGoesOn() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"reader\"}")
			.thenAnswer("ok")
			.thenCall("Bash", "{\"command\":\"rm -rf /\"}")
			.thenAnswer("done without Bash");

		ask("c1");
		String answer = ask("c1");

		assertThat(answer).isEqualTo("done without Bash");
		assertThat(Prompts.refusedToolNames(lastPrompt())).containsExactly("Bash");
		assertThat(Prompts.toolDefinition(lastPrompt(), "Bash").description())
			.isEqualTo("Not available now: tool 'Bash' is not in the allowed-tools of skill 'reader' (Read Grep). "
					+ "Do not call it.");
		assertThat(Prompts.lastToolResult(lastPrompt())).isEqualTo(NOT_ALLOWED);
		assertThat(this.bash.inputs).isEmpty();
	}

	@Test
	void aToolOutsideAllowedToolsCalledAfterActivationInTheSameRequestIsRefusedAndDoesNotRun() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"reader\"}")
			.thenCall("Bash", "{\"command\":\"rm -rf /\"}")
			.thenCall("Read", "{\"file\":\"README.md\"}")
			.thenAnswer("done");

		String answer = ask("c1");

		assertThat(answer).isEqualTo("done");
		assertThat(Prompts.toolResults(lastPrompt())).hasSize(3).endsWith(NOT_ALLOWED, "Read ran");
		assertThat(this.bash.inputs).isEmpty();
		assertThat(this.read.inputs).containsExactly("{\"file\":\"README.md\"}");
	}

	@Test
	void aDisallowedToolCalledAfterActivationInTheSameRequestIsRefusedAndDoesNotRun() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"no-shell\"}")
			.thenCall("Bash", "{\"command\":\"ls\"}")
			.thenAnswer("done");

		ask("c1");

		assertThat(Prompts.lastToolResult(lastPrompt())).isEqualTo(DISALLOWED);
		assertThat(this.bash.inputs).isEmpty();
	}

	@Test
	void aToolCalledBeforeTheRestrictingActivationRuns() {
		this.model.thenCall("Bash", "{\"command\":\"ls\"}")
			.thenCall("activate_skill", "{\"skill_name\":\"no-shell\"}")
			.thenAnswer("done");

		ask("c1");

		assertThat(Prompts.toolResults(lastPrompt()).get(0)).isEqualTo("Bash ran");
		assertThat(this.bash.inputs).containsExactly("{\"command\":\"ls\"}");
	}

	@Test
	void anotherConversationKeepsEveryTool() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"reader\"}")
			.thenAnswer("ok")
			.thenCall("Bash", "{\"command\":\"ls\"}")
			.thenAnswer("done");

		ask("c1");
		ask("c2");

		assertThat(Prompts.toolNames(prompt(2))).containsExactly("activate_skill", "Read", "Grep", "Bash");
		assertThat(Prompts.lastToolResult(lastPrompt())).isEqualTo("Bash ran");
		assertThat(this.bash.inputs).hasSize(1);
	}

	@Test
	void aSkillActivatedInAnotherConversationDoesNotRefuseCallsHere() {
		this.model.thenCall("activate_skill", "{\"skill_name\":\"no-shell\"}").thenAnswer("ok");
		ask("c1");
		// c2 starts with Bash offered; c1 activating more meanwhile must not matter.
		this.model.thenCall("Bash", "{}").thenAnswer("done");

		ask("c2");

		assertThat(Prompts.lastToolResult(lastPrompt())).isEqualTo("Bash ran");
	}

	@Test
	void theSkillToolsAlwaysStayOffered() {
		SkillFixtures.write(this.root.resolve("reader/references/GUIDE.md"), "guide");
		SkillFixtures.skillWithFrontmatter(this.root, "locked", "allowed-tools: Read", "Only Read.");
		this.registry.reload();
		this.model.thenCall("activate_skill", "{\"skill_name\":\"locked\"}").thenAnswer("ok").thenAnswer("next");

		ask("c1");
		ask("c1");

		assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "read_skill_resource", "Read");
	}

	@Test
	void theCallersToolContextStillReachesItsToolsWithTheConversationAdded() {
		java.util.Map<String, Object> seen = new java.util.concurrent.ConcurrentHashMap<>();
		ToolCallback contextual = new ToolCallback() {
			@Override
			public org.springframework.ai.tool.definition.ToolDefinition getToolDefinition() {
				return org.springframework.ai.tool.definition.ToolDefinition.builder()
					.name("Whoami")
					.description("Who is asking.")
					.inputSchema("{\"type\":\"object\"}")
					.build();
			}

			@Override
			public String call(String toolInput) {
				return "no context";
			}

			@Override
			public String call(String toolInput, org.springframework.ai.chat.model.ToolContext toolContext) {
				seen.putAll(toolContext.getContext());
				return "user " + toolContext.getContext().get("user");
			}
		};
		this.model.thenCall("Whoami", "{}").thenAnswer("done");

		this.client.prompt()
			.user("Who am I?")
			.tools(contextual)
			.toolContext(java.util.Map.of("user", "ada"))
			.advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "c1"))
			.call()
			.content();

		assertThat(Prompts.lastToolResult(lastPrompt())).isEqualTo("user ada");
		assertThat(seen).containsEntry("user", "ada").containsEntry(ChatMemory.CONVERSATION_ID, "c1");
	}

	@Test
	void annotatedToolMethodsAreScopedToo() {
		FileTools fileTools = new FileTools();
		ChatClient annotated = ChatClient.builder(this.model)
			.defaultAdvisors(this.advisor)
			.defaultTools(fileTools)
			.build();
		this.model.thenCall("activate_skill", "{\"skill_name\":\"reader\"}")
			.thenCall("deleteFile", "{\"path\":\"README.md\"}")
			.thenCall("Grep", "{\"pattern\":\"TODO\"}")
			.thenAnswer("done")
			.thenAnswer("next");

		annotated.prompt().user("Clean up").advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "c1")).call().content();
		annotated.prompt().user("Again").advisors((a) -> a.param(ChatMemory.CONVERSATION_ID, "c1")).call().content();

		assertThat(Prompts.toolNames(prompt(0)))
			// Reflection does not fix the order of a class's @Tool methods.
			.containsExactlyInAnyOrder("activate_skill", "Grep", "deleteFile");
		assertThat(Prompts.toolResults(prompt(3))).endsWith(
				"Error: tool 'deleteFile' is not in the allowed-tools of skill 'reader' (Read Grep). Use another tool "
						+ "or finish without it.",
				"\"found TODO\"");
		assertThat(fileTools.deleted).isEmpty();
		assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "Grep");
	}

	@Test
	void skillToolsAlsoGivenToTheChatClientAreOfferedOnce() {
		SkillsTools tools = SkillsTools.builder(this.registry).activeSkillsRepository(this.activeSkills).build();
		ChatClient both = ChatClient.builder(this.model)
			.defaultAdvisors(SkillsAdvisor.builder(tools).build())
			.defaultTools(new SkillsToolCallbackProvider(tools, SkillCatalog.builder(this.registry).build()), this.read)
			.build();
		this.model.thenAnswer("ok");

		both.prompt().user("Hi").call().content();

		assertThat(Prompts.toolNames(lastPrompt())).containsExactly("activate_skill", "Read");
	}

	/**
	 * Tools declared with {@code @Tool}, as most applications write them.
	 */
	static final class FileTools {

		final java.util.List<String> deleted = new java.util.concurrent.CopyOnWriteArrayList<>();

		@org.springframework.ai.tool.annotation.Tool(name = "Grep", description = "Search files.")
		String grep(String pattern) {
			return "found " + pattern;
		}

		@org.springframework.ai.tool.annotation.Tool(description = "Delete a file.")
		String deleteFile(String path) {
			this.deleted.add(path);
			return "deleted " + path;
		}

	}

}

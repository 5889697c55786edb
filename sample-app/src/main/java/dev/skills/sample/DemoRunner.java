package dev.skills.sample;

import java.io.PrintStream;
import java.util.List;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * With {@code sample.demo=true}: runs a short conversation, prints it with the skill tool
 * calls and the registry's state, and lets the application end.
 */
@Component
@ConditionalOnBooleanProperty("sample.demo")
class DemoRunner implements ApplicationRunner {

	static final List<String> QUESTIONS = List.of("Please fill in the fields of this PDF form for me.",
			"Now write release notes for the merged changes: feat: skills can run their scripts in a sandbox; "
					+ "fix: hot reload sees renamed folders; refactor: one walk for discovery.",
			"One more PDF form field: the date.");

	private final ChatClient chatClient;

	private final SkillsRegistry registry;

	private final ActiveSkillsRepository activeSkills;

	private final PrintStream out = System.out;

	DemoRunner(ChatClient chatClient, SkillsRegistry registry, ActiveSkillsRepository activeSkills) {
		this.chatClient = chatClient;
		this.registry = registry;
		this.activeSkills = activeSkills;
	}

	@Override
	public void run(ApplicationArguments args) {
		this.out.println("Skills: " + String.join(", ", this.registry.names()));
		for (SkillDiagnostic diagnostic : this.registry.diagnostics()) {
			this.out.println("  " + diagnostic);
		}
		for (String question : QUESTIONS) {
			this.out.println("\nuser> " + question);
			String answer = this.chatClient.prompt()
				.user(question)
				.advisors((advisor) -> advisor.param(ChatMemory.CONVERSATION_ID, "demo"))
				.call()
				.content();
			this.out.println("assistant> " + answer);
		}
		List<String> active = this.activeSkills.findByConversationId("demo").stream().map(ActiveSkill::name).toList();
		this.out.println("\nActive skills in conversation 'demo': " + String.join(", ", active));
	}

}

// The passwords an attacker tries first: the top of the well-known leaked-password lists (of 8
// characters or more: the store takes nothing shorter), keyboard walks, years, Indian favourites
// and the store's own name. No account may use one (NIST SP 800-63B). Kept in a module
// of its own so that only the pages where a password is chosen load it.

export const COMMON_PASSWORD_MESSAGE =
  /*i18n*/
  "This password is too common. Please choose one that is harder to guess.";

// One string, split on first use: smaller in the bundle than an array literal of as many strings.
const LIST = `
password 12345678 123456789 1234567890 qwertyuiop iloveyou 11111111 00000000 87654321 987654321
password1 password12 password123 password1234 password12345 password! password1! password@123
passw0rd passw0rd1 p@ssw0rd p@ssw0rd1 p@ssword p@ssword1 p@55w0rd pa55word pa55w0rd passpass
pass1234 pass12345 pass@123 mypassword mypassword1 newpassword secretpassword password2 password01
password11 password99 password2020 password2021 password2022 password2023 password2024 password2025
passwort motdepasse contrasena wachtwoord 1password 123password password321 thepassword
changeme changeme1 changeme123 letmein1 letmein123 letmeinnow welcome1 welcome12 welcome123
welcome1234 welcome@123 welcome2024 welcome2025 default1 default123 administrator admin123 admin1234
admin12345 admin@123 adminadmin administrator1 rootroot root1234 superuser guest123 user1234 user@123
test1234 test12345 test@123 testtest testing1 testing123 temp1234 temppass secret12 secret123
secret1234 topsecret login123 access14 access123 master12 master123 masterkey demo1234 demo@123
0123456789 01234567 9876543210 0987654321 12345679 123456780 1234567899 12345678910 123456789123
1234512345 123456123456 1122334455 112233445566 11223344 12341234 12121212 1212121212 11112222
12344321 123123123 123321123 321321321 111222333 123456654321 147258369 159753456 159357456
147852369 123654789 741852963 963852741 789456123 456789123 987456321 135792468 246813579
22222222 33333333 44444444 55555555 66666666 77777777 88888888 99999999 111111111 1111111111
000000000 0000000000 999999999 222222222 555555555 777777777 888888888 10101010 01010101
12312312 123412341234 121212121 12345678a 12345678q a12345678 a123456789 123456789a 123456789q
1234567a a1234567 aa123456 aa12345678 qq123456 qq12345678 zz123456 abc12345 abc123456 abc1234567
abcd1234 abcd12345 abcd@1234 abc@1234 abcde123 abcdef12 abcdefg1 abcdefgh abcdefghi abcdefghij
1234abcd 12345abc 123abc123 abc123abc abcabcabc a1b2c3d4 a1b2c3d4e5 1a2b3c4d aaaaaaaa aaaaaaaaa
aaaaaaaaaa xxxxxxxx zzzzzzzz qqqqqqqq asdfasdf qwerqwer asdasdasd qweqweqwe zxczxczx
qwertyui qwerty12 qwerty123 qwerty1234 qwerty12345 qwerty123456 qwerty@123 qwertyuiop1
qwertyuiop123 qwertyu1 123456qwerty 123qwerty qwertyqwerty 1qaz2wsx 1qaz2wsx3edc 1q2w3e4r
1q2w3e4r5t 1q2w3e4r5t6y 1q2w3e4r5t6y7u 1q2w3e4r5t6y7u8i q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6
zaq12wsx zaq1zaq1 zaq1xsw2 1qazxsw2 xsw2zaq1 1qaz@wsx zaq1@wsx 1qaz1qaz 2wsx3edc 12qwaszx
123qweasd 123qweasdzxc qweasdzxc qazwsxedc qazwsx123 qazwsxedcrfv asdfghjk asdfghjkl
asdfghjkl1 asdf1234 asdf12345 1234asdf asdfqwer qwerasdf zxcvbnm1 zxcvbnm123 zxcvbnmm
1234qwer qwer1234 qwer4321 qwe12345 qweasd123 asd12345 zxc12345 123qwe123 123456qwe qwe123qwe
poiuytrewq lkjhgfdsa mnbvcxzz qwertzui qwertz123 azertyui azerty123 azertyuiop 1234zxcv
iloveyou1 iloveyou2 iloveyou12 iloveyou123 iloveu123 iloveyou! loveyou1 loveyou123 iloveme1
lovelove lovely123 loveyou2 sweetheart sweetie1 babygirl babygirl1 princess princess1 princesa
angel123 angel1234 beautiful beautiful1 prettygirl sexylady sexy1234 foreverlove forever1
together happiness happy123 happyday smile123 friends1 bestfriend bestfriends family123 mother123
mommy123 daddy123 loveme12 jesus123 jesuschrist blessed1 godisgood christ12 faith123 heaven12
sunshine sunshine1 football football1 baseball baseball1 basketball superman superman1 batman123
trustno1 whatever whatever1 starwars starwars1 computer computer1 michelle jennifer corvette
mercedes jordan23 michael1 charlie1 butterfly butterfly1 chocolate chocolate1 elizabeth liverpool
liverpool1 chelsea1 arsenal1 manchester barcelona realmadrid juventus ronaldo7 cristiano
blink182 midnight midnight1 blahblah jonathan internet maverick startrek mustang1 samantha
danielle victoria benjamin scorpion platinum cocacola snickers metallica slipknot rockstar
pokemon1 pokemon123 spiderman ironman1 thunder1 phoenix1 dolphins dolphin1 yankees1 cowboys1
steelers patriots redskins dragon12 dragon123 dragonball naruto123 shadow12 shadow123 monkey12
monkey123 killer12 killer123 freedom1 trustme1 hunter12 hunter123 buster12 buster123 tigger12
soccer12 soccer123 hockey12 tennis12 football12 baseball12 cricket1 cricket123 champion
champions winner12 winner123 ninja123 warrior1 gladiator spartan1 soldier1 legend12 lucky123
lucky777 superstar sunflower rainbow1 rainbow123 starlight moonlight december november
september february january1 october1 summer12 summer123 summer2023 summer2024 summer2025
winter12 winter123 winter2024 spring2024 autumn2024 hello123 hello1234 helloworld hellohello
goodluck goodbye1 nothing1 something anything everything elephant giraffe1 panther1 panthers
falcon12 eagle123 lion1234 tiger123 tigers12 jaguar12 mustang123 ferrari1 porsche1 chevrolet
cadillac lamborghini harley12 yamaha12 google123 facebook facebook1 facebook123 samsung1
samsung123 apple123 iphone12 microsoft windows1 windows7 windows10 linkedin linkedin1 myspace1
youtube1 instagram whatsapp yahoo123 hotmail1 gmail123 warcraft minecraft minecraft1 fortnite
starcraft runescape playstation nintendo zelda123 counterstrike matrix12 jessica1 jennifer1
alexander anthony1 brandon1 christian danielle1 jackson1 jasmine1 matthew1 melissa1 natasha1
nicholas patricia patrick1 richard1 robert12 stephanie thomas12 william1 vanessa1 veronica
caroline fernando gabriela isabella savannah mitchell marlboro courtney brittany kimberly
michelle1 nicole123 ashley12 amanda12 andrew12 charlie123 george12 joshua12 justin12 kevin123
daniel12 daniel123 david123 james123 john1234 johnny12 maria123 mariana1 sophie12 sarah123
india123 india@123 india1234 iloveindia indian123 bharat123 hindustan jaihind123 vandemataram
krishna1 krishna123 radhakrishna harekrishna omsairam sairam123 saibaba123 ganesh123 ganesha1
jaishreeram jaishriram jaimatadi hanuman123 mahadev1 omnamahshivaya omnamashivaya bholenath
lakshmi123 durga123 mumbai123 delhi123 bangalore bengaluru chennai123 kolkata123 hyderabad
bhubaneswar odisha123 orissa123 sachin10 sachin123 tendulkar dhoni007 viratkohli cricket12
rahul123 priya123 pooja123 amit1234 rajesh123 suresh123 ramesh123 sandeep123 deepak123 anjali123
neha1234 sonu1234 monu1234 aditya123 akash123 abhishek vishal123 manish123 sunil123 anil1234
freshharvest freshharvest1 freshharvest123 freshharvesthub harvest123 organic123 vegetables
`;

let common: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(LIST.split(/\s+/).filter(Boolean));
  return common;
}

/** Compared lower-cased: "PassWord1" is guessed as soon as "password1" is. */
export const isCommonPassword = (password: string) => commonPasswords().has(password.toLowerCase());
